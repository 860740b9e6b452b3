import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { LOGIN_PATH } from './navigation';

/** The route guard: no signed-in user -> /views/login (spec 000 §2), remembering where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const { t } = useI18n();
  const location = useLocation();
  if (loading) {
    return (
      <Box sx={{ p: 6, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center' }} data-testid="session-checking">
        <CircularProgress size={24} />
        <Typography>{t('session.checking')}</Typography>
      </Box>
    );
  }
  if (!user) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
