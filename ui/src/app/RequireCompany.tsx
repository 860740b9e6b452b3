import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { founder } from './RequireAccess';
import { COMPANY_SETUP_PATH } from './navigation';

/**
 * A screen of a company's data for a user whose company does not exist yet: it would have nothing to
 * show and every request of it would be refused ("Access denied", a 403 in the console). Instead it
 * says what comes first: an admin sets up the company; anyone else is added by their administrator.
 */
export function RequireCompany({ skip, children }: { skip?: boolean; children: ReactNode }) {
  const { user } = useAuth();
  const { t } = useI18n();
  if (skip || !user || user.companyId) return <>{children}</>;
  const canFound = founder(user, new URLSearchParams());
  return (
    <Box sx={{ p: { xs: 2, sm: 6 }, maxWidth: 720, mx: 'auto' }} data-testid="company-first">
      <Alert severity="info" sx={{ mb: 2 }}>
        <Typography variant="h6" component="h1">
          {t(canFound ? 'companyFirst.title' : 'companyFirst.noCompany')}
        </Typography>
        <Typography>{t(canFound ? 'companyFirst.explain' : 'companyFirst.askAdmin')}</Typography>
      </Alert>
      {canFound && (
        <Button component={Link} to={COMPANY_SETUP_PATH} variant="contained">
          {t('companyFirst.action')}
        </Button>
      )}
    </Box>
  );
}
