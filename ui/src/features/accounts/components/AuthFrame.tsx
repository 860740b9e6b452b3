import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import Grass from '@mui/icons-material/Grass';
import { useI18n } from '../../../i18n/i18n';
import { LanguageSwitch } from '../../../app/LanguageSwitch';

/** The frame of the public account screens (sign-in, registration, password reset): no menus. */
export function AuthFrame({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useI18n();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', display: 'flex', flexDirection: 'column' }}>
      <Stack
        component="header"
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        sx={{ px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Stack direction="row" spacing={1} alignItems="center">
          <Grass />
          <Typography variant="h6" component="div" noWrap>
            {t('app.title')}
          </Typography>
        </Stack>
        <LanguageSwitch />
      </Stack>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'center', p: { xs: 0, sm: 2 } }}>
        <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: wide ? 640 : 420, borderRadius: { xs: 0, sm: 2 } }} elevation={3}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
