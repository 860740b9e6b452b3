import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, List, ListItem, ListItemButton, ListItemText, ListSubheader, Stack, Button, useMediaQuery, useTheme } from '@mui/material';
import { useI18n } from '../i18n/i18n';
import { allowed, USER_SETTING_LINKS } from './navigation';
import { useAuth } from './auth';

const isActive = (pathname: string, match: string[]) => match.some((m) => pathname.startsWith(m));

/** The side menu 'User Setting' (docs/spec/approvals.md §2); below 768 px rows of buttons above the page. */
export function UserSettingMenu() {
  const { t } = useI18n();
  const { can } = useAuth();
  const links = allowed(USER_SETTING_LINKS, can);
  const { pathname } = useLocation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  if (mobile) {
    return (
      <Stack
        direction="row"
        spacing={1}
        // wrapping, not scrolling sideways: a link cut at the window's edge reads as missing
        flexWrap="wrap"
        useFlexGap
        sx={{ px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
        aria-label={t('nav.userSetting')}
        data-testid="side-menu-row"
        component="nav"
      >
        {links.map((l) => (
          <Button
            key={l.to}
            size="small"
            component={RouterLink}
            to={l.to}
            variant={isActive(pathname, l.match) ? 'contained' : 'text'}
            sx={{ flexShrink: 0, textTransform: 'none', minHeight: 44 }}
          >
            {t(l.label)}
          </Button>
        ))}
      </Stack>
    );
  }
  return (
    <Box component="nav" aria-label={t('nav.userSetting')} data-testid="side-menu" sx={{ width: 220, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
      <List subheader={<ListSubheader>{t('nav.userSetting')}</ListSubheader>}>
        {links.map((l) => (
          <ListItem key={l.to} disablePadding>
            <ListItemButton component={RouterLink} to={l.to} selected={isActive(pathname, l.match)}>
              <ListItemText primary={t(l.label)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
