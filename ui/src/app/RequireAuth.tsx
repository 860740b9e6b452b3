import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { LOGIN_PATH, type LoginRedirect } from './navigation';

/**
 * The route guard: no signed-in user -> /views/login (docs/spec/approvals.md §2), remembering where the user was
 * going — except after a logout, so the next person to sign in starts at home, not on this page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, ended } = useAuth();
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
  if (!user) {
    const state: LoginRedirect =
      ended?.reason === 'logout' ? {} : { from: location.pathname + location.search, fromUser: ended?.userId, expired: ended?.reason === 'expired' };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return <>{children}</>;
}
