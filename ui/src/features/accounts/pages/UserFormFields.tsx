import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { Stack } from '@mui/material';
import { ACCOUNT_STATUSES } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { storedRole } from '../../../app/stored-text';
import type { Group } from '../api';
import type { UserCreateForm } from '../phone-forms';
import { SelectInput, TextInput } from '../components/FormKit';
import { grantableRoles } from './user-form';
import type { UserFormMode } from './use-user-form';

/** Two fields side by side, one above the other on a phone. */
function FieldPair({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
      {children}
    </Stack>
  );
}

/** The e-mail address (another user's is changed by an admin only) and, for one's own new one, the current password. */
export function EmailFields({
  control,
  mode,
  own,
  changingOwnEmail,
}: {
  control: Control<UserCreateForm>;
  mode: UserFormMode;
  own: boolean;
  changingOwnEmail: boolean;
}) {
  const { t } = useI18n();
  const meAdmin = useAuth().user?.role === 'admin';
  return (
    <>
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
    </>
  );
}

/** A new user's password, typed twice. */
export function NewPasswordFields({ control }: { control: Control<UserCreateForm> }) {
  const { t } = useI18n();
  return (
    <FieldPair>
      <TextInput control={control} name="password" label={t('acc.field.password')} type="password" autoComplete="new-password" required />
      <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" />
    </FieldPair>
  );
}

/** First and last name, and the phone number. */
export function PersonFields({ control }: { control: Control<UserCreateForm> }) {
  const { t } = useI18n();
  return (
    <>
      <FieldPair>
        <TextInput control={control} name="firstname" label={t('acc.field.firstname')} required />
        <TextInput control={control} name="lastname" label={t('acc.field.lastname')} required />
      </FieldPair>
      <TextInput control={control} name="phone" label={t('acc.field.phone')} type="tel" />
    </>
  );
}

/** Role (only those the caller may give) and status; one's own cannot be changed. */
export function RoleFields({ control, groups, currentRole, own }: { control: Control<UserCreateForm>; groups: Group[]; currentRole?: string; own: boolean }) {
  const { t } = useI18n();
  const { user: me } = useAuth();
  const roleOptions = grantableRoles(groups, me, currentRole).map((r) => ({ value: r, label: storedRole(r, t) }));
  const statusOptions = ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`acc.status.${s}`) }));
  return (
    <FieldPair>
      <SelectInput control={control} name="role" label={t('acc.field.role')} options={roleOptions} disabled={own} required />
      <SelectInput control={control} name="status" label={t('acc.users.status')} options={statusOptions} disabled={own} />
    </FieldPair>
  );
}
