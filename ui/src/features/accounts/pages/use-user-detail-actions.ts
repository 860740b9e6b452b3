import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app/notify';
import { accountsApi } from '../api';

/** Which confirmation of the user detail page is open: deleting the user, or resetting their signature. */
export type UserConfirm = 'delete' | 'resetSignature' | null;

/**
 * The user detail page's two confirmed changes: deleting the user (then back to the list) and resetting
 * their signature's key (then the user is loaded again). One call at a time; the notice bar tells how it went.
 */
export function useUserDetailActions(id: string, signatureId: string | null, reload: () => Promise<void>) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<UserConfirm>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const resetSignature = async () => {
    if (!signatureId) return;
    await run(async () => {
      await accountsApi.resetSignature(signatureId);
      notify.success(t('acc.signature.resetDone'));
      await reload();
    });
  };

  const remove = () =>
    run(async () => {
      await accountsApi.deleteUser(id);
      notify.success(t('acc.users.deleted'));
      navigate('/views/user/list');
    });

  return { confirm, setConfirm, busy, resetSignature, remove };
}
