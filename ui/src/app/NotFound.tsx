import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';
import { Layout } from './Layout';
import { HOME_PATH, LOGIN_PATH } from './navigation';

function NotFoundBody({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  return (
    <Box sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h3" component="p" gutterBottom>
        404
      </Typography>
      <Typography variant="h6" component="h1" gutterBottom>
        {t('common.notFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notFound.hint')}
      </Typography>
      {signedIn ? (
        <Button component={Link} to={HOME_PATH} variant="contained">
          {t('notFound.home')}
        </Button>
      ) : (
        <Button component={Link} to={LOGIN_PATH} variant="contained">
          {t('notFound.login')}
        </Button>
      )}
    </Box>
  );
}

/** Unknown paths: inside the usual frame (menu, footer) for a signed-in user, bare otherwise. */
export function NotFound() {
  const { user, loading } = useAuth();
  if (loading) return null;
  if (!user)
    return (
      <Box component="main">
        <NotFoundBody signedIn={false} />
      </Box>
    );
  return (
    <Layout>
      <NotFoundBody signedIn />
    </Layout>
  );
}
