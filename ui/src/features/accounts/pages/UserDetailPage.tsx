import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Paper } from '@mui/material';
import { formatPhone } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { usePlace } from '../../../app/place';
import { useAuth } from '../../../app/auth';
import { errorText, useNotify } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { ConfirmDialog } from '../../../app/MessageDialog';
import { ApiError } from '../../../api/client';
import { accountsApi, type Signature } from '../api';
import { useLoad } from '../../../app/use-load';
import { LoadState, ReadOnlyRows } from '../components/ReadOnlyRows';
import { dateOnly } from '../components/format';
import { storedRole } from '../../../app/stored-text';

/** /views/user/detail (?id=, default: oneself): profile, signature row, Delete (confirmed) and Update. */
export function UserDetailPage() {
  const { t, date } = useI18n();
  const notify = useNotify();
  const { user: me, can } = useAuth();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') || me?.id || '';
  const [confirm, setConfirm] = useState(false);
  const { country } = usePlace();
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = useLoad(() => accountsApi.user(id), [id]);

  if (state.error instanceof ApiError && state.error.status === 404) return <Navigate to="/views/user/list" replace />;
  const u = state.data;
  const own = u?.id === me?.id;
  const mayEdit = own || can('editSystem');
  const mayDelete = !own && can('deleteSystem');
  const sig = u?.signature && typeof u.signature === 'object' ? (u.signature as Signature) : null;
  // the server answers the signature's id; an older answer carried the signature itself (`_id`)
  const signatureId = typeof u?.signature === 'string' ? u.signature : sig ? ((sig as { id?: string; _id?: string }).id ?? sig._id ?? null) : null;
  // an admin resets another user's key when its password is lost (the owner updates their own with it)
  const mayReset = !own && me?.role === 'admin' && !!signatureId;

  const resetSignature = async () => {
    if (!signatureId) return;
    setBusy(true);
    try {
      await accountsApi.resetSignature(signatureId);
      notify.success(t('acc.signature.resetDone'));
      await state.reload();
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
      setConfirmReset(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await accountsApi.deleteUser(id);
      notify.success(t('acc.users.deleted'));
      navigate('/views/user/list');
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  return (
    <Page
      title={t('acc.users.detailTitle')}
      testId="user-detail"
      actions={
        u && (
          <>
            {mayReset && (
              <Button color="warning" variant="outlined" onClick={() => setConfirmReset(true)} data-testid="user-signature-reset">
                {t('acc.signature.reset')}
              </Button>
            )}
            {mayDelete && (
              <Button color="error" variant="outlined" onClick={() => setConfirm(true)} data-testid="user-delete">
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
        )
      }
    >
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {u && (
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
      )}
      <ConfirmDialog
        open={confirm}
        busy={busy}
        message={t('acc.users.deleteConfirm', { name: u ? `${u.firstname} ${u.lastname}` : '' })}
        confirmLabel={t('common.delete')}
        onConfirm={remove}
        onCancel={() => setConfirm(false)}
      />
      <ConfirmDialog
        open={confirmReset}
        busy={busy}
        message={t('acc.signature.resetConfirm', { name: u ? `${u.firstname} ${u.lastname}` : '' })}
        confirmLabel={t('acc.signature.reset')}
        onConfirm={resetSignature}
        onCancel={() => setConfirmReset(false)}
      />
    </Page>
  );
}
