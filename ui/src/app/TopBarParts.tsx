import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tab,
  Tabs,
  Typography,
  useTheme,
} from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Grass from '@mui/icons-material/Grass';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { HOME_PATH, TOP_TABS, type USER_SETTING_LINKS } from './navigation';
import { useTabBadges } from './tab-badges';

type TopTab = (typeof TOP_TABS)[number];

/** A tab's name, with its count when it has one (e.g. how many certificates wait for my signature). */
function useTabLabel() {
  const { t } = useI18n();
  const { badges } = useTabBadges();
  return (tab: TopTab) => {
    const n = tab.badge ? (badges[tab.badge] ?? 0) : 0;
    return n > 0 ? (
      // inside the tab's own box (the tab clips what sticks out): room made by the tab's right padding
      <Badge badgeContent={n} color="error" max={99} sx={{ mr: 2, '& .MuiBadge-badge': { right: -12 } }} data-testid={`tab-badge-${tab.badge}`}>
        {t(tab.label)}
      </Badge>
    ) : (
      t(tab.label)
    );
  };
}

/** The main tabs; tighter below 1440 px, so that all fit beside the logo (1280+) or on their own row (768-1279). */
export function NavTabs({ tabs, selected, compact }: { tabs: TopTab[]; selected: string | false; compact: boolean }) {
  const { t } = useI18n();
  const theme = useTheme();
  const tabLabel = useTabLabel();
  return (
    <Tabs
      value={selected}
      textColor="inherit"
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('nav.main')}
      TabIndicatorProps={{ style: { backgroundColor: theme.palette.secondary.main } }}
      sx={{ flexGrow: 1, minWidth: 0, minHeight: 48 }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.to}
          value={tab.to}
          label={tabLabel(tab)}
          component={RouterLink}
          to={tab.to}
          sx={{
            textTransform: 'none',
            minWidth: 0,
            px: compact ? 1 : 1.5,
            fontSize: compact ? '0.8125rem' : undefined,
            // MUI dims an inactive tab to 60 % (3.4:1 on the green bar); a lighter white keeps 4.8:1 and its badge whole
            '&:not(.Mui-selected)': { opacity: 1, color: 'rgba(255,255,255,0.85)' },
          }}
        />
      ))}
    </Tabs>
  );
}

/** The logo, leading home (the certificate list); on a phone the word is hidden. */
export function Logo({ narrow }: { narrow: boolean }) {
  const { t } = useI18n();
  return (
    <Box
      component={RouterLink}
      to={HOME_PATH}
      // named by what it shows (GrainCert) and where it leads; on a phone, where the word is hidden, the same name
      aria-label={`GrainCert, ${t('nav.home')}`}
      title={t('nav.home')}
      data-testid="logo"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 1, flexShrink: 0, minHeight: 44, minWidth: 44 }}
    >
      <Grass />
      {!narrow && (
        <Typography variant="h6" noWrap sx={{ fontWeight: 700 }}>
          GrainCert
        </Typography>
      )}
    </Box>
  );
}

/** The user's button and its menu: who is signed in, users or my profile (not on a phone), logout. */
export function UserMenu(props: { mobile: boolean; userShown: string; go: (to: string) => void; signOut: () => void }) {
  const { t } = useI18n();
  const { user, can } = useAuth();
  const { mobile, userShown } = props;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string) => {
    setMenuAnchor(null);
    props.go(to);
  };
  const signOut = () => {
    setMenuAnchor(null);
    props.signOut();
  };
  return (
    <>
      <Button
        color="inherit"
        // the name starts with what the button shows (the user's name), then says what it opens
        aria-label={mobile ? t('nav.userMenu') : `${userShown}, ${t('nav.userMenu')}`}
        data-testid="user-menu-button"
        onClick={(e) => setMenuAnchor(e.currentTarget)}
        startIcon={<AccountCircle />}
        title={user?.fullName || user?.email}
        sx={{ textTransform: 'none', minWidth: 44, minHeight: 44, whiteSpace: 'nowrap', flexShrink: 0, '& .MuiButton-startIcon': mobile ? { mx: 0 } : {} }}
      >
        {!mobile && userShown}
      </Button>
      <Menu
        anchorEl={menuAnchor}
        open={!!menuAnchor}
        onClose={() => setMenuAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* who is signed in: an item of the menu that does nothing (a menu holds only items and separators) */}
        <MenuItem disabled sx={{ display: 'block', '&.Mui-disabled': { opacity: 1 } }} data-testid="user-menu-who">
          <Typography variant="subtitle2" noWrap>
            {user?.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user?.email}
          </Typography>
        </MenuItem>
        <Divider />
        {/* the mobile user menu offers only Logout (docs/spec/approvals.md §2); the drawer carries the rest */}
        {!mobile &&
          (can('viewSystem') ? (
            <MenuItem onClick={() => go('/views/user/list')}>{t('nav.userManagement')}</MenuItem>
          ) : (
            <MenuItem onClick={() => go('/views/user/detail')}>{t('nav.myProfile')}</MenuItem>
          ))}
        <MenuItem onClick={signOut} data-testid="logout">
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Below 768 px: the tabs and the user's settings in a drawer from the left. */
export function NavDrawer(props: {
  open: boolean;
  onClose: () => void;
  narrow: boolean;
  tabs: TopTab[];
  selected: string | false;
  settingLinks: typeof USER_SETTING_LINKS;
  go: (to: string) => void;
  signOut: () => void;
}) {
  const { t } = useI18n();
  const tabLabel = useTabLabel();
  return (
    <Drawer anchor="left" open={props.open} onClose={props.onClose} slotProps={{ paper: { 'aria-label': t('nav.main') } }}>
      <Box sx={{ width: props.narrow ? '85vw' : 280 }} role="navigation" data-testid="mobile-menu">
        <List>
          {props.tabs.map((tab) => (
            <ListItem key={tab.to} disablePadding>
              <ListItemButton selected={props.selected === tab.to} onClick={() => props.go(tab.to)} sx={{ minHeight: 48 }}>
                <ListItemText primary={tabLabel(tab)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <List subheader={<ListSubheader>{t('nav.userSetting')}</ListSubheader>}>
          {props.settingLinks.map((l) => (
            <ListItem key={l.to} disablePadding>
              <ListItemButton onClick={() => props.go(l.to)} sx={{ minHeight: 48 }}>
                <ListItemText primary={t(l.label)} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton onClick={props.signOut} sx={{ minHeight: 48 }}>
              <ListItemText primary={t('nav.logout')} />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
