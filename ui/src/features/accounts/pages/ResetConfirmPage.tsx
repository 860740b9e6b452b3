import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app/notify';
import { accountsApi } from '../api';
import { newPasswordForm, type NewPasswordForm } from '../schemas';
import { AuthFrame } from '../components/AuthFrame';
import { ServerMessage, TextInput, useFormMessage } from '../components/FormKit';

/** The page the e-mailed reset link opens (?token=...): choose a new password once. */
export function ResetConfirmPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const { control, handleSubmit, formState, setError } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' },
  });
  const msg = useFormMessage<NewPasswordForm>('PLEASE_CORRECT_INFO', setError);

  const onSubmit = async (v: NewPasswordForm) => {
    msg.setMessage('');
    try {
      await accountsApi.confirmReset(token, v.password);
      setDone(true);
      notify.success(t('acc.reset.changed'));
      navigate('/views/login');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <AuthFrame title={t('acc.reset.newTitle')}>
      {!token && <Alert severity="error" sx={{ mb: 2 }}>{t('RESET_TOKEN_INVALID')}</Alert>}
      <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.reset.newTitle')}>
        <TextInput control={control} name="password" label={t('acc.field.newPassword')} type="password" autoComplete="new-password" required />
        <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" required />
        <ServerMessage text={msg.message} />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={!token || done || formState.isSubmitting} data-testid="reset-confirm-submit">
          {t('acc.reset.save')}
        </Button>
      </form>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/views/login">{t('acc.register.toLogin')}</Link>
      </Box>
    </AuthFrame>
  );
}
