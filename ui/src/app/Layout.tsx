import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { TopBar } from './TopBar';
import { Footer } from './Footer';
import { UserSettingMenu } from './SideMenu';

/** Page height = window height − 112 (docs/spec/approvals.md §9): the 64 px bar and the footer stay in view. */
const PAGE_MIN_HEIGHT = 'calc(100vh - 112px)';

/** The frame of every signed-in screen: top bar, optional 'User Setting' side menu, content, footer. */
export function Layout({ children, sideMenu }: { children: ReactNode; sideMenu?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, flexGrow: 1, minHeight: PAGE_MIN_HEIGHT }}>
        {sideMenu && <UserSettingMenu />}
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1, sm: 2, md: 3 } }}>
          {children}
        </Box>
      </Box>
      <Footer />
    </Box>
  );
}

/** A screen's title row with optional actions at the right (they wrap under the title at 450 px). */
export function Page({ title, actions, children, testId }: { title: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  );
}
