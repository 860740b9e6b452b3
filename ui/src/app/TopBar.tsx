import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppBar, Box, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { LanguageSwitch } from './LanguageSwitch';
import { allowed, currentTab, LOGIN_PATH, TOP_TABS, USER_SETTING_LINKS } from './navigation';
import { Logo, NavDrawer, NavTabs, UserMenu } from './TopBarParts';

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
  const [drawer, setDrawer] = useState(false);

  const signOut = async () => {
    setDrawer(false);
    await logout().catch(() => undefined);
    navigate(LOGIN_PATH);
  };
  const go = (to: string) => {
    setDrawer(false);
    navigate(to);
  };
  const tabs = <NavTabs tabs={topTabs} selected={selectedTab} compact={compact} />;

  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ minHeight: 64, gap: 1 }}>
        {mobile && (
          <IconButton color="inherit" edge="start" aria-label={t('nav.openMenu')} data-testid="mobile-menu-button" onClick={() => setDrawer(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <Logo narrow={narrow} />
        {!mobile && !tabsOwnRow && tabs}
        {(mobile || tabsOwnRow) && <Box sx={{ flexGrow: 1 }} />}
        <LanguageSwitch />
        <UserMenu mobile={mobile} userShown={userShown} go={go} signOut={() => void signOut()} />
      </Toolbar>
      {tabsOwnRow && <Box sx={{ px: 1, borderTop: 1, borderColor: 'rgba(255,255,255,0.2)' }}>{tabs}</Box>}
      <NavDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        narrow={narrow}
        tabs={topTabs}
        selected={selectedTab}
        settingLinks={settingLinks}
        go={go}
        signOut={() => void signOut()}
      />
    </AppBar>
  );
}
