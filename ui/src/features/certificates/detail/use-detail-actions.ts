import { useNavigate } from 'react-router-dom';
import type { CertificateView } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText, useNotify } from '../../../app/notify';
import type { DetailDialogs } from './use-detail-dialogs';

/**
 * What the detail page's own buttons do (the dialogs do the rest): the downloads, deleting a draft,
 * withdrawing one in flight, revoking an issued one, and taking a dialog's answer in place.
 */
export function useDetailActions(
  a: CertificateView | undefined,
  dialogs: DetailDialogs,
  loaded: { reload: () => Promise<void>; setData: (a: CertificateView) => void },
) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const { say, close } = dialogs;

  /** A dialog's change answers the certificate as it is now: shown at once, with the change's notice. */
  const after = (msg: string) => (next: CertificateView) => {
    loaded.setData(next);
    close();
    notify.success(t(msg));
  };
  const getCert = async () => {
    if (!a) return;
    await certificatesApi.getCert(a).catch((e: unknown) => say(errorText(e, t) || t('PDF_DOWNLOAD_FAILED')));
  };
  const getCredential = async () => {
    if (!a) return;
    await certificatesApi.getCredential(a).catch((e: unknown) => say(errorText(e, t)));
  };
  const getXml = async () => {
    if (!a) return;
    await certificatesApi.getXml(a).catch((e: unknown) => say(errorText(e, t)));
  };
  const remove = async () => {
    if (!a) return;
    try {
      await certificatesApi.remove(a._id);
      notify.success(t('cert.deleted'));
      navigate('/views/approval/list');
    } catch (e) {
      close();
      say(errorText(e, t));
    }
  };
  // in flight a certificate is withdrawn with a reason its signers are told, and stays readable
  const withdraw = async (reason: string) => {
    if (!a) return;
    await certificatesApi.remove(a._id, reason);
    close();
    notify.success(t('cert.inFlight.withdrawn'));
    await loaded.reload();
  };
  // after issue the company's admin may revoke it: the ledger and the public verify page say so
  const revoke = async (reason: string) => {
    if (!a) return;
    await certificatesApi.revoke(a._id, reason);
    close();
    notify.success(t('cert.revoke.done'));
    await loaded.reload();
  };
  const adjusted = (next: CertificateView) => {
    loaded.setData(next);
    dialogs.closeAdjust();
    notify.success(t('cert.inFlight.adjusted'));
  };
  /** A change made here (a reminder sent) answers the certificate as it is now. */
  const show = (next: CertificateView) => loaded.setData(next);
  return { after, show, getCert, getCredential, getXml, remove, withdraw, revoke, adjusted };
}

export type DetailActions = ReturnType<typeof useDetailActions>;
