import { Navigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { errorText } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { ConfirmDialog } from '../../../app/MessageDialog';
import { ApiError } from '../../../api/client';
import { accountsApi, type AccountUser } from '../api';
import { useLoad } from '../../../app/use-load';
import { LoadState } from '../components/ReadOnlyRows';
import { userSignature } from '../components/user-signature';
import { UserDetailActions, UserProfile, type UserDetailRights } from './UserDetailParts';
import { useUserDetailActions } from './use-user-detail-actions';

/** What the caller may do with user `u`: one's own record is edited, never deleted; an admin resets another's signature. */
function useUserDetailRights(u: AccountUser | undefined, signatureId: string | null): UserDetailRights {
  const { user: me, can } = useAuth();
  const own = u?.id === me?.id;
  return { mayEdit: own || can('editSystem'), mayDelete: !own && can('deleteSystem'), mayReset: !own && me?.role === 'admin' && !!signatureId };
}

/** /views/user/detail (?id=, default: oneself): profile, signature row, Delete (confirmed) and Update. */
export function UserDetailPage() {
  const { t } = useI18n();
  const { user: me } = useAuth();
  const id = useSearchParams()[0].get('id') || me?.id || '';
  const state = useLoad(() => accountsApi.user(id), [id]);
  const u = state.data;
  const signature = userSignature(u?.signature);
  const rights = useUserDetailRights(u, signature.id);
  const actions = useUserDetailActions(id, signature.id, state.reload);

  if (state.error instanceof ApiError && state.error.status === 404) return <Navigate to="/views/user/list" replace />;
  const name = u ? `${u.firstname} ${u.lastname}` : '';
  return (
    <Page title={t('acc.users.detailTitle')} testId="user-detail" actions={u && <UserDetailActions id={id} rights={rights} onConfirm={actions.setConfirm} />}>
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {u && <UserProfile user={u} signature={signature.record} />}
      <ConfirmDialog
        open={actions.confirm === 'delete'}
        busy={actions.busy}
        message={t('acc.users.deleteConfirm', { name })}
        confirmLabel={t('common.delete')}
        onConfirm={actions.remove}
        onCancel={() => actions.setConfirm(null)}
      />
      <ConfirmDialog
        open={actions.confirm === 'resetSignature'}
        busy={actions.busy}
        message={t('acc.signature.resetConfirm', { name })}
        confirmLabel={t('acc.signature.reset')}
        onConfirm={actions.resetSignature}
        onCancel={() => actions.setConfirm(null)}
      />
    </Page>
  );
}
