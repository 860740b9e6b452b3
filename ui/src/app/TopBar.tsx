import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tab,
  Tabs,
  Badge,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Grass from '@mui/icons-material/Grass';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { LanguageSwitch } from './LanguageSwitch';
import { allowed, currentTab, HOME_PATH, LOGIN_PATH, TOP_TABS, USER_SETTING_LINKS } from './navigation';
import { useTabBadges } from './tab-badges';

/**
 * Below this width the tabs get a row of their own: the nine an admin sees (short names, in either
 * language) fit beside the logo from 1280 px; a tenth would take about 120 px more.
 */
const tabsFitFrom = (tabs: number) => 1280 + Math.max(0, tabs - 9) * 120;
const FULL_NAME_FITS = '(max-width:1439.95px)';

/**
 * 64 px bar: logo (home: the certificate list), the six tabs, language, user dropdown. From 768 to 1279 px
 * the tabs get a row of their own so they are all in view; below 768 px they move into a drawer.
 */
export function TopBar() {
  const { t } = useI18n();
  const { user, logout, can } = useAuth();
  const topTabs = allowed(TOP_TABS, can);
  const { badges } = useTabBadges();
  // a tab with a count shows it (e.g. how many certificates wait for my signature)
  const tabLabel = (tab: (typeof TOP_TABS)[number]) => {
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
  const settingLinks = allowed(USER_SETTING_LINKS, can);
  const { pathname } = useLocation();
  const tabNow = currentTab(pathname);
  const selectedTab = topTabs.some((tab) => tab.to === tabNow) ? tabNow : false;
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const tabsOwnRow = useMediaQuery(`(max-width:${tabsFitFrom(topTabs.length) - 0.05}px)`) && !mobile;
  const compact = useMediaQuery(FULL_NAME_FITS); // below 1440 px: first name only, tighter tabs
  const userShown = (compact ? user?.firstname : user?.fullName) || user?.email || '';
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawer, setDrawer] = useState(false);

  const signOut = async () => {
    setMenuAnchor(null);
    setDrawer(false);
    await logout().catch(() => undefined);
    navigate(LOGIN_PATH);
  };
  // tighter tabs below 1440 px, so that all six fit beside the logo (1280+) or on their own row (768-1279)
  const tabs = (
    <Tabs
      value={selectedTab}
      textColor="inherit"
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('nav.main')}
      TabIndicatorProps={{ style: { backgroundColor: theme.palette.secondary.main } }}
      sx={{ flexGrow: 1, minWidth: 0, minHeight: 48 }}
    >
      {topTabs.map((tab) => (
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
  const go = (to: string) => {
    setMenuAnchor(null);
    setDrawer(false);
    navigate(to);
  };

  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ minHeight: 64, gap: 1 }}>
        {mobile && (
          <IconButton color="inherit" edge="start" aria-label={t('nav.openMenu')} data-testid="mobile-menu-button" onClick={() => setDrawer(true)}>
            <MenuIcon />
          </IconButton>
        )}
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
        {!mobile && !tabsOwnRow && tabs}
        {(mobile || tabsOwnRow) && <Box sx={{ flexGrow: 1 }} />}
        <LanguageSwitch />
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
      </Toolbar>
      {tabsOwnRow && <Box sx={{ px: 1, borderTop: 1, borderColor: 'rgba(255,255,255,0.2)' }}>{tabs}</Box>}
      <Drawer anchor="left" open={drawer} onClose={() => setDrawer(false)} slotProps={{ paper: { 'aria-label': t('nav.main') } }}>
        <Box sx={{ width: narrow ? '85vw' : 280 }} role="navigation" data-testid="mobile-menu">
          <List>
            {topTabs.map((tab) => (
              <ListItem key={tab.to} disablePadding>
                <ListItemButton selected={selectedTab === tab.to} onClick={() => go(tab.to)} sx={{ minHeight: 48 }}>
                  <ListItemText primary={tabLabel(tab)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <List subheader={<ListSubheader>{t('nav.userSetting')}</ListSubheader>}>
            {settingLinks.map((l) => (
              <ListItem key={l.to} disablePadding>
                <ListItemButton onClick={() => go(l.to)} sx={{ minHeight: 48 }}>
                  <ListItemText primary={t(l.label)} />
                </ListItemButton>
              </ListItem>
            ))}
            <ListItem disablePadding>
              <ListItemButton onClick={signOut} sx={{ minHeight: 48 }}>
                <ListItemText primary={t('nav.logout')} />
              </ListItemButton>
            </ListItem>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
