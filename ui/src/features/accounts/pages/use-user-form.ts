import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { useNotify } from '../../../app/notify';
import { useLoad } from '../../../app/use-load';
import { usePlace } from '../../../app/place';
import { accountsApi } from '../api';
import { profileForm, userCreateForm, userUpdateForm, type UserCreateForm } from '../phone-forms';
import { useFormMessage } from '../components/FormKit';
import { EMPTY_USER_FORM, userFormValues } from './user-form';

export type UserFormMode = 'create' | 'update';

/** The groups a user may be put in: the create form's list, else the company's groups, else none. */
const loadGroups = () =>
  accountsApi
    .userCreateInfo()
    .then((i) => i.groups)
    .catch(() => accountsApi.groups().catch(() => []));

/**
 * The user form's state: the form (checked in the company's country, as the server reads it), the user
 * being updated filled in once loaded, the groups to offer, and the submit that creates, updates, or
 * (one's own record) updates the profile, then goes on to the list or the user.
 */
export function useUserForm(mode: UserFormMode) {
  const { t } = useI18n();
  const notify = useNotify();
  const { user: me, refresh } = useAuth();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const own = mode === 'update' && id === me?.id;
  const { country } = usePlace();
  const form = useForm<UserCreateForm>({
    // the update form has no password fields; one's own record cannot change role or status; a phone
    // number is read in the company's country, as the server reads it
    resolver: zodResolver(
      (mode === 'create' ? userCreateForm(country) : own ? profileForm(country) : userUpdateForm(country)) as ReturnType<typeof userCreateForm>,
    ),
    mode: 'onTouched',
    defaultValues: EMPTY_USER_FORM,
  });
  const { control, reset, setError } = form;
  const msg = useFormMessage<UserCreateForm>('PLEASE_REINPUT_INFO', setError);
  const groups = useLoad(loadGroups, []);
  const existing = useLoad(() => (mode === 'update' && id ? accountsApi.user(id) : Promise.resolve(null)), [mode, id]);
  useEffect(() => {
    if (existing.data) reset(userFormValues(existing.data, country));
  }, [existing.data, reset, country]);
  // one's own new e-mail address needs the current password, and waits for the new address to confirm it
  const typedEmail = useWatch({ control, name: 'email' });
  const changingOwnEmail = own && !!existing.data && (typedEmail ?? '').trim().toLowerCase() !== existing.data.email.toLowerCase();

  /** Saves the form; answers the server's message when the change waits (a new e-mail address to confirm). */
  const save = async ({ confirmPassword, password, currentPassword, ...v }: UserCreateForm): Promise<string | undefined> => {
    if (mode === 'create') await accountsApi.createUser({ ...v, password, confirmPassword, company: me?.companyId });
    else if (own) {
      const profile = { email: v.email, firstname: v.firstname, lastname: v.lastname, phone: v.phone };
      return (await accountsApi.updateProfile(id, { ...profile, ...(changingOwnEmail ? { currentPassword } : {}) })).message;
    } else await accountsApi.updateUser(id, v);
    return undefined;
  };
  const onSubmit = async (values: UserCreateForm) => {
    msg.setMessage('');
    try {
      const pending = await save(values);
      if (pending) notify.success(pending);
      else notify.success(t(mode === 'create' ? 'acc.users.created' : 'acc.users.updated'));
      if (own) await refresh();
      navigate(mode === 'create' ? '/views/user/list' : `/views/user/detail?id=${encodeURIComponent(id)}`);
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return {
    form,
    msg,
    own,
    changingOwnEmail,
    groups: groups.data ?? [],
    currentRole: existing.data?.role,
    submit: form.handleSubmit(onSubmit, msg.fromInvalid),
  };
}
