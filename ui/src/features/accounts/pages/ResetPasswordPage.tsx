import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app/notify';
import { accountsApi } from '../api';
import { resetRequestForm, type ResetRequestForm as Form } from '../schemas';
import { ResetConfirmPage } from './ResetConfirmPage';
import { AuthFrame } from '../components/AuthFrame';
import { ServerMessage, TextInput, useFormMessage } from '../components/FormKit';

/**
 * /views/resetpassword: asks for a single-use reset link by e-mail (the old app mailed a new
 * password); the link comes back here with ?token= and then shows the new-password form.
 */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  return token ? <ResetConfirmPage token={token} /> : <ResetRequest />;
}

function ResetRequest() {
  const { t } = useI18n();
  const notify = useNotify();
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, formState } = useForm<Form>({ resolver: zodResolver(resetRequestForm), mode: 'onTouched', defaultValues: { email: '' } });
  const msg = useFormMessage<Form>('PLEASE_CORRECT_INFO');

  const onSubmit = async (v: Form) => {
    msg.setMessage('');
    try {
      await accountsApi.requestReset(v.email);
      setSent(true);
      notify.success(t('RESET_SENT'));
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <AuthFrame title={t('acc.reset.title')}>
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="reset-sent">
          {t('RESET_SENT')}
        </Alert>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('acc.reset.title')}>
        <TextInput control={control} name="email" label={t('acc.field.email')} type="email" required />
        <ServerMessage text={msg.message} />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={formState.isSubmitting} data-testid="reset-submit">
          {t('acc.reset.submit')}
        </Button>
      </form>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/views/login">
          {t('acc.register.toLogin')}
        </Link>
      </Box>
    </AuthFrame>
  );
}
