import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Link } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app/notify';
import { accountsApi } from '../api';
import { resetConfirmForm, type ResetConfirmForm } from '../schemas';
import { AuthFrame } from '../components/AuthFrame';
import { ServerMessage, TextInput, useFormMessage } from '../components/FormKit';

/**
 * What the e-mailed reset link opens (/views/resetpassword?token=...): the token is checked first,
 * then a new password is chosen once; every session of the account ends on the server.
 */
export function ResetConfirmPage({ token }: { token: string }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [valid, setValid] = useState<boolean | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<ResetConfirmForm>({
    resolver: zodResolver(resetConfirmForm),
    mode: 'onTouched',
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const msg = useFormMessage<ResetConfirmForm>('PLEASE_CORRECT_INFO', setError);

  useEffect(() => {
    accountsApi.checkReset(token).then(
      (r) => setValid(!!r.valid),
      () => setValid(null),
    );
  }, [token]);

  const onSubmit = async (v: ResetConfirmForm) => {
    msg.setMessage('');
    try {
      await accountsApi.confirmReset(v.token, v.password, v.confirmPassword ?? '');
      notify.success(t('PASSWORD_CHANGED'));
      navigate('/views/login');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <AuthFrame title={t('acc.reset.newTitle')}>
      {valid === false && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="reset-token-invalid">
          {t('RESET_TOKEN_INVALID')}
        </Alert>
      )}
      <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.reset.newTitle')}>
        <TextInput control={control} name="password" label={t('acc.field.newPassword')} type="password" autoComplete="new-password" required />
        <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" required />
        <ServerMessage text={msg.message} />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          sx={{ mt: 2 }}
          disabled={valid === false || formState.isSubmitting}
          data-testid="reset-confirm-submit"
        >
          {t('acc.reset.save')}
        </Button>
      </form>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/views/resetpassword">
          {t('acc.reset.again')}
        </Link>
      </Box>
    </AuthFrame>
  );
}
