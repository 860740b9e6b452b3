import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Paper, Stack } from '@mui/material';
import { ACCOUNT_STATUSES, formatPhone } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { useNotify } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { accountsApi } from '../api';
import { profileForm, userCreateForm, userUpdateForm, type UserCreateForm } from '../phone-forms';
import { SelectInput, ServerMessage, TextInput, useFormMessage } from '../components/FormKit';
import { useLoad } from '../../../app/use-load';
import { storedRole } from '../../../app/stored-text';
import { usePlace } from '../../../app/place';

const EMPTY: UserCreateForm = {
  email: '',
  password: '',
  confirmPassword: '',
  firstname: '',
  lastname: '',
  phone: '',
  role: 'staff',
  status: 'active',
  currentPassword: '',
};

/** /views/user/create and /views/user/update (?id=); one's own record goes through update_profile (docs/spec/approvals.md §6). */
export function UserFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n();
  const notify = useNotify();
  const { user: me, refresh } = useAuth();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const own = mode === 'update' && id === me?.id;
  const { country } = usePlace();
  const { control, handleSubmit, reset, formState, setError } = useForm<UserCreateForm>({
    // the update form has no password fields; one's own record cannot change role or status; a phone
    // number is read in the company's country, as the server reads it
    resolver: zodResolver(
      (mode === 'create' ? userCreateForm(country) : own ? profileForm(country) : userUpdateForm(country)) as ReturnType<typeof userCreateForm>,
    ),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const msg = useFormMessage<UserCreateForm>('PLEASE_REINPUT_INFO', setError);

  const groups = useLoad(
    () =>
      accountsApi
        .userCreateInfo()
        .then((i) => i.groups)
        .catch(() => accountsApi.groups().catch(() => [])),
    [],
  );
  const existing = useLoad(() => (mode === 'update' && id ? accountsApi.user(id) : Promise.resolve(null)), [mode, id]);
  useEffect(() => {
    const u = existing.data;
    if (u)
      reset({
        ...EMPTY,
        email: u.email,
        firstname: u.firstname,
        lastname: u.lastname,
        phone: formatPhone(u.phone, country),
        role: u.role,
        status: (u.status as UserCreateForm['status']) || 'active',
      });
    // the stored number (E.164) is shown as the company's people write it
  }, [existing.data, reset, country]);
  // one's own new e-mail address needs the current password, and waits for the new address to confirm it
  const typedEmail = useWatch({ control, name: 'email' });
  const changingOwnEmail = own && !!existing.data && (typedEmail ?? '').trim().toLowerCase() !== existing.data.email.toLowerCase();

  const onSubmit = async ({ confirmPassword, password, currentPassword, ...v }: UserCreateForm) => {
    msg.setMessage('');
    try {
      let pending: string | undefined;
      if (mode === 'create') await accountsApi.createUser({ ...v, password, confirmPassword, company: me?.companyId });
      else if (own)
        pending = (
          await accountsApi.updateProfile(id, {
            email: v.email,
            firstname: v.firstname,
            lastname: v.lastname,
            phone: v.phone,
            ...(changingOwnEmail ? { currentPassword } : {}),
          })
        ).message;
      else await accountsApi.updateUser(id, v);
      if (pending) notify.success(pending);
      else notify.success(t(mode === 'create' ? 'acc.users.created' : 'acc.users.updated'));
      if (own) await refresh();
      navigate(mode === 'create' ? '/views/user/list' : `/views/user/detail?id=${encodeURIComponent(id)}`);
    } catch (e) {
      msg.fromServer(e);
    }
  };

  // The server refuses a non-admin granting admin or a group holding more than they do: not offered.
  const meAdmin = me?.role === 'admin';
  const grantable = (groups.data ?? []).filter((g) => meAdmin || g.roles.every((p) => me?.permissions.includes(p)));
  const roleNames = new Set<string>([...(meAdmin ? ['admin'] : []), ...grantable.map((g) => g.groupName)]);
  if (existing.data?.role) roleNames.add(existing.data.role);
  const roleOptions = [...roleNames].map((r) => ({ value: r, label: storedRole(r, t) }));
  const statusOptions = ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`acc.status.${s}`) }));

  return (
    <Page
      title={t(mode === 'create' ? 'acc.users.createTitle' : 'acc.users.updateTitle')}
      testId={`user-${mode}`}
      actions={
        <Button component={RouterLink} to="/views/user/list">
          {t('common.back')}
        </Button>
      }
    >
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
        <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.users.createTitle')}>
          {/* Another user's e-mail is changed by an admin only. */}
          <TextInput control={control} name="email" label={t('acc.field.email')} type="email" required disabled={mode === 'update' && !own && !meAdmin} />
          {changingOwnEmail && (
            <TextInput
              control={control}
              name="currentPassword"
              label={t('acc.users.currentPasswordForEmail')}
              type="password"
              autoComplete="current-password"
              helperText={t('acc.users.emailChangeHint')}
              required
            />
          )}
          {mode === 'create' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
              <TextInput control={control} name="password" label={t('acc.field.password')} type="password" autoComplete="new-password" required />
              <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" />
            </Stack>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
            <TextInput control={control} name="firstname" label={t('acc.field.firstname')} required />
            <TextInput control={control} name="lastname" label={t('acc.field.lastname')} required />
          </Stack>
          <TextInput control={control} name="phone" label={t('acc.field.phone')} type="tel" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
            <SelectInput control={control} name="role" label={t('acc.field.role')} options={roleOptions} disabled={own} required />
            <SelectInput control={control} name="status" label={t('acc.users.status')} options={statusOptions} disabled={own} />
          </Stack>
          <ServerMessage text={msg.message} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting} data-testid="user-submit">
            {t(mode === 'create' ? 'common.create' : 'common.update')}
          </Button>
        </form>
      </Paper>
    </Page>
  );
}
