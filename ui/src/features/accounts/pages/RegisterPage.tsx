import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, Link, Stack } from '@mui/material';
import { countryOfLanguage } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { afterLoginPath } from '../../../app/navigation';
import { useNotify } from '../../../app/notify';
import { accountsApi } from '../api';
import { registerForm, type RegisterForm } from '../phone-forms';
import { AuthFrame } from '../components/AuthFrame';
import { TermsDialog } from '../components/TermsDialog';
import { SelectInput, ServerMessage, TextInput, useFormMessage } from '../components/FormKit';

/** /views/adminSignup (and /views/register after a failure): account registration behind the terms modal. */
export function RegisterPage() {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [termsOpen, setTermsOpen] = useState(true);
  const { control, handleSubmit, formState, setError } = useForm<RegisterForm>({
    // no company yet: a phone number without its country code is read in the language's country, as the server does
    resolver: zodResolver(registerForm(countryOfLanguage(lang))),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', confirmPassword: '', firstname: '', lastname: '', phone: '', role: 'admin' },
  });
  const msg = useFormMessage<RegisterForm>('PLEASE_CORRECT_INFO', setError);

  const onSubmit = async (v: RegisterForm) => {
    msg.setMessage('');
    try {
      await accountsApi.register({ ...v, termsAccepted: true });
      // a registration that also signed the user in continues with the company profile; asking someone
      // already signed in to "please sign in" would send them to a screen they do not need
      const signedIn = await refresh();
      // an admin sets up the company next; anyone else waits to be added to one by its administrator
      const founds = signedIn?.role === 'admin';
      notify.success(t(!signedIn ? 'acc.register.success' : founds ? 'acc.register.successSignedIn' : 'acc.register.successAskAdmin'));
      navigate(signedIn ? afterLoginPath(null, signedIn) : '/views/login');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <AuthFrame title={t('acc.register.title')} wide>
      <TermsDialog open={termsOpen} onAgree={() => setTermsOpen(false)} />
      <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.register.title')}>
        <TextInput control={control} name="email" label={t('acc.field.email')} type="email" autoComplete="username" required />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
          <TextInput control={control} name="password" label={t('acc.field.password')} type="password" autoComplete="new-password" required />
          <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" required />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
          <TextInput control={control} name="firstname" label={t('acc.field.firstname')} required />
          <TextInput control={control} name="lastname" label={t('acc.field.lastname')} required />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
          <TextInput control={control} name="phone" label={t('acc.field.phone')} type="tel" />
          <SelectInput
            control={control}
            name="role"
            label={t('acc.field.role')}
            options={[
              { value: 'admin', label: t('acc.role.admin') },
              { value: 'staff', label: t('acc.role.staff') },
            ]}
          />
        </Stack>
        <ServerMessage text={msg.message} />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={formState.isSubmitting || termsOpen}
          data-testid="register-submit"
        >
          {t('acc.register.submit')}
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
