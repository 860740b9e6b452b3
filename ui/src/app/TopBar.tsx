import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar, Box, Button, Divider, Drawer, IconButton, List, ListItemButton, ListItemText, ListSubheader, Menu, MenuItem, Tab, Tabs,
  Toolbar, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Grass from '@mui/icons-material/Grass';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { LanguageSwitch } from './LanguageSwitch';
import { currentTab, LOGIN_PATH, TOP_TABS, USER_SETTING_LINKS } from './navigation';

/** 64 px bar: logo (to the blockchain view), the six tabs, language, user dropdown; a drawer below 768 px. */
export function TopBar() {
  const { t } = useI18n();
  const { user, logout } = useAuth();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawer, setDrawer] = useState(false);

  const signOut = async () => {
    setMenuAnchor(null);
    setDrawer(false);
    await logout().catch(() => undefined);
    navigate(LOGIN_PATH);
  };
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
        <Box component={RouterLink} to="/views/blockchain" aria-label={t('nav.logoTitle')} title={t('nav.logoTitle')} data-testid="logo"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 1, flexShrink: 0 }}>
          <Grass />
          {!narrow && <Typography variant="h6" noWrap sx={{ fontWeight: 700 }}>GrainCert</Typography>}
        </Box>
        {!mobile && (
          <Tabs value={currentTab(pathname)} textColor="inherit" variant="scrollable" scrollButtons="auto" aria-label="main navigation"
            TabIndicatorProps={{ style: { backgroundColor: theme.palette.secondary.main } }} sx={{ flexGrow: 1, minWidth: 0 }}>
            {TOP_TABS.map((tab) => (
              <Tab key={tab.to} value={tab.to} label={t(tab.label)} component={RouterLink} to={tab.to} sx={{ textTransform: 'none' }} />
            ))}
          </Tabs>
        )}
        {mobile && <Box sx={{ flexGrow: 1 }} />}
        <LanguageSwitch />
        <Button color="inherit" aria-label={t('nav.userMenu')} data-testid="user-menu-button" onClick={(e) => setMenuAnchor(e.currentTarget)}
          startIcon={<AccountCircle />} sx={{ textTransform: 'none', minWidth: 0 }}>
          {!mobile && (user?.fullName || user?.email)}
        </Button>
        <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
          {/* the mobile user menu offers only Logout (spec 000 §2); the drawer carries the rest */}
          {!mobile && <MenuItem onClick={() => go('/views/user/list')}>{t('nav.userManagement')}</MenuItem>}
          <MenuItem onClick={signOut} data-testid="logout">{t('nav.logout')}</MenuItem>
        </Menu>
      </Toolbar>
      <Drawer anchor="left" open={drawer} onClose={() => setDrawer(false)}>
        <Box sx={{ width: narrow ? '85vw' : 280 }} role="navigation" data-testid="mobile-menu">
          <List>
            {TOP_TABS.map((tab) => (
              <ListItemButton key={tab.to} selected={currentTab(pathname) === tab.to} onClick={() => go(tab.to)}>
                <ListItemText primary={t(tab.label)} />
              </ListItemButton>
            ))}
          </List>
          <Divider />
          <List subheader={<ListSubheader>{t('nav.userSetting')}</ListSubheader>}>
            {USER_SETTING_LINKS.map((l) => (
              <ListItemButton key={l.to} onClick={() => go(l.to)}><ListItemText primary={t(l.label)} /></ListItemButton>
            ))}
            <ListItemButton onClick={signOut}><ListItemText primary={t('nav.logout')} /></ListItemButton>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
