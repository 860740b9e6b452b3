import { Link as RouterLink } from 'react-router-dom';
import { Button, Paper } from '@mui/material';
import { formatPhone } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { usePlace } from '../../../app/place';
import { storedRole } from '../../../app/stored-text';
import type { AccountUser, Signature } from '../api';
import { ReadOnlyRows } from '../components/ReadOnlyRows';
import { dateOnly } from '../components/format';
import type { UserConfirm } from './use-user-detail-actions';

/** What the caller may do with the user shown: each is offered only when allowed. */
export interface UserDetailRights {
  mayEdit: boolean;
  mayDelete: boolean;
  /** an admin resets another user's key when its password is lost (the owner updates their own with it) */
  mayReset: boolean;
}

/** The page's buttons: reset the signature and delete (both confirmed first), change the password, update. */
export function UserDetailActions({ id, rights, onConfirm }: { id: string; rights: UserDetailRights; onConfirm(c: UserConfirm): void }) {
  const { t } = useI18n();
  const { mayEdit, mayDelete, mayReset } = rights;
  return (
    <>
      {mayReset && (
        <Button color="warning" variant="outlined" onClick={() => onConfirm('resetSignature')} data-testid="user-signature-reset">
          {t('acc.signature.reset')}
        </Button>
      )}
      {mayDelete && (
        <Button color="error" variant="outlined" onClick={() => onConfirm('delete')} data-testid="user-delete">
          {t('common.delete')}
        </Button>
      )}
      {mayEdit && (
        <Button variant="outlined" component={RouterLink} to={`/views/user/update_password?id=${encodeURIComponent(id)}`}>
          {t('acc.users.changePassword')}
        </Button>
      )}
      {mayEdit && (
        <Button variant="contained" component={RouterLink} to={`/views/user/update?id=${encodeURIComponent(id)}`} data-testid="user-update">
          {t('common.update')}
        </Button>
      )}
    </>
  );
}

/** The user's profile, read only: name, e-mail, phone (as the company's people write it), role, status, signature. */
export function UserProfile({ user: u, signature: sig }: { user: AccountUser; signature: Signature | null }) {
  const { t, date } = useI18n();
  const { country } = usePlace();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
      <ReadOnlyRows
        rows={[
          { label: t('acc.users.name'), value: u.fullName || `${u.firstname} ${u.lastname}`, testId: 'user-name' },
          { label: t('acc.field.email'), value: u.email },
          { label: t('acc.field.phone'), value: formatPhone(u.phone, country), testId: 'user-phone' },
          { label: t('acc.users.roles'), value: storedRole(u.role, t) },
          { label: t('acc.users.status'), value: t(`acc.status.${u.status}`) },
          {
            label: t('nav.signature'),
            value: sig
              ? `${sig.guid ?? sig.id} · ${t('acc.signature.effectiveDate')}: ${date(dateOnly(sig.effectiveDate))}`
              : u.signature
                ? t('acc.signature.present')
                : t('acc.signature.none'),
            testId: 'user-signature',
          },
        ]}
      />
    </Paper>
  );
}
