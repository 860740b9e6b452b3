import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Paper } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { useNotify } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { LOGIN_PATH } from '../../../app/navigation';
import { accountsApi } from '../api';
import { passwordForm, type PasswordForm } from '../schemas';
import { ServerMessage, TextInput, useFormMessage } from '../components/FormKit';

/** /views/user/update_password (?id=, default: oneself); one's own change asks for the current password. */
export function UserPasswordPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const { user: me } = useAuth();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') || me?.id || '';
  const own = id === me?.id;
  const { control, handleSubmit, formState, setError } = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '', currentPassword: '' },
  });
  const msg = useFormMessage<PasswordForm>('PLEASE_REINPUT_INFO', setError);

  const onSubmit = async (v: PasswordForm) => {
    msg.setMessage('');
    try {
      await accountsApi.updatePassword(id, {
        password: v.password,
        confirmPassword: v.confirmPassword,
        ...(own ? { currentPassword: v.currentPassword } : {}),
      });
      notify.success(t('acc.users.passwordChanged'));
      navigate(`/views/user/detail?id=${encodeURIComponent(id)}`);
    } catch (e) {
      if ((e as { status?: number }).status === 401) return navigate(LOGIN_PATH);
      msg.fromServer(e);
    }
  };

  return (
    <Page
      title={t('acc.users.changePassword')}
      testId="user-password"
      actions={
        <Button component={RouterLink} to={`/views/user/detail?id=${encodeURIComponent(id)}`}>
          {t('common.back')}
        </Button>
      }
    >
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520 }}>
        <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.users.changePassword')}>
          {own && (
            <TextInput
              control={control}
              name="currentPassword"
              label={t('acc.field.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
            />
          )}
          <TextInput control={control} name="password" label={t('acc.field.newPassword')} type="password" autoComplete="new-password" required />
          <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" required />
          <ServerMessage text={msg.message} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting} data-testid="password-submit">
            {t('common.update')}
          </Button>
        </form>
      </Paper>
    </Page>
  );
}
