import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { accountsApi } from '../api';
import { AuthFrame } from '../components/AuthFrame';
import { ServerMessage, useFormMessage } from '../components/FormKit';

/**
 * What the link mailed to a new e-mail address opens (/views/confirm-email?token=...): the change
 * happens when the person confirms here (a mail scanner that only opens the link changes nothing).
 */
export function ConfirmEmailPage() {
  const { t } = useI18n();
  const { user, refresh } = useAuth();
  const token = useSearchParams()[0].get('token') ?? '';
  const msg = useFormMessage('PLEASE_CORRECT_INFO');
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    msg.setMessage('');
    setBusy(true);
    try {
      const r = await accountsApi.confirmEmail(token);
      setDone(r.message);
      if (user) await refresh();
    } catch (e) {
      msg.fromServer(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('acc.confirmEmail.title')}>
      {done ? (
        <Alert severity="success" data-testid="email-confirmed">
          {done}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('acc.confirmEmail.intro')}</Typography>
          <ServerMessage text={msg.message} />
          <Button variant="contained" fullWidth onClick={() => void confirm()} disabled={busy || !token} data-testid="confirm-email-submit">
            {t('acc.confirmEmail.submit')}
          </Button>
        </>
      )}
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/views/login">
          {t('acc.confirmEmail.toLogin')}
        </Link>
      </Box>
    </AuthFrame>
  );
}
