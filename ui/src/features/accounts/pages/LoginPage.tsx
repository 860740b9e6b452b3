import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Link, Stack } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { afterLoginPath, type LoginRedirect } from '../../../app/navigation';
import { accountsApi } from '../api';
import { loginForm, type LoginForm } from '../schemas';
import { AuthFrame } from '../components/AuthFrame';
import { ServerMessage, TextInput, useFormMessage } from '../components/FormKit';
import { passkeySignIn, passkeysSupported, promptRefusal } from '../../passkeys/api';

/** '/' and '/views/login': sign-in (docs/spec/approvals.md §2). */
export function LoginPage() {
  const { t } = useI18n();
  const { user, login, signedIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [banner, setBanner] = useState('');
  const { control, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const msg = useFormMessage<LoginForm>('PLEASE_CORRECT_INFO');

  useEffect(() => {
    // the login status may carry a notification (e.g. "session expired") for the banner
    accountsApi.loginStatus().then(
      (s) => setBanner(s?.notification || s?.invalidMsg || ''),
      () => undefined,
    );
  }, []);

  const redirect = location.state as LoginRedirect | null;
  if (user) return <Navigate to={afterLoginPath(redirect, user)} replace />;

  const onSubmit = async (v: LoginForm) => {
    msg.setMessage('');
    try {
      const signedIn = await login(v.email, v.password);
      navigate(afterLoginPath(redirect, signedIn), { replace: true });
    } catch (e) {
      msg.fromServer(e);
    }
  };

  const withPasskey = async () => {
    msg.setMessage('');
    try {
      const who = await signedIn(await passkeySignIn());
      navigate(afterLoginPath(redirect, who), { replace: true });
    } catch (e) {
      const prompt = promptRefusal(e);
      if (prompt) msg.setMessage(t(prompt));
      else msg.fromServer(e);
    }
  };

  return (
    <AuthFrame title={t('acc.login.title')}>
      {redirect?.expired && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="session-ended">
          {t('acc.login.sessionEnded')}
        </Alert>
      )}
      {banner && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="login-banner">
          {banner}
        </Alert>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('acc.login.title')}>
        <TextInput control={control} name="email" label={t('acc.field.email')} type="email" autoComplete="username" required />
        <TextInput control={control} name="password" label={t('acc.field.password')} type="password" autoComplete="current-password" required />
        <ServerMessage text={msg.message} />
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={formState.isSubmitting} data-testid="login-submit">
          {t('acc.login.submit')}
        </Button>
      </form>
      {passkeysSupported() && (
        <Button variant="outlined" fullWidth size="large" sx={{ mt: 1 }} onClick={() => void withPasskey()} data-testid="login-passkey">
          {t('passkey.login')}
        </Button>
      )}
      <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }} flexWrap="wrap" useFlexGap spacing={1}>
        <Link component={RouterLink} to="/views/adminSignup">
          {t('acc.login.register')}
        </Link>
        <Link component={RouterLink} to="/views/resetpassword">
          {t('acc.login.forgot')}
        </Link>
      </Stack>
    </AuthFrame>
  );
}
