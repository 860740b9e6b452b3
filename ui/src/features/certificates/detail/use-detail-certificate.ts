import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CertificateView } from '@grain/domain';
import { certificatesApi } from '../api';
import { useNotify } from '../../../app/notify';
import { useLoad, type Loaded } from '../../../app/use-load';
import { useCertificateLive } from '../live';

const LIST_PATH = '/views/approval/list';

/**
 * The certificate of the detail page (?id=): loaded, loaded again when the live channel says it changed,
 * and recorded as opened when its viewer is asked to sign. Without an id, or for a certificate the
 * caller cannot see, the page goes back to the list (docs/spec/approvals.md §8).
 */
export function useDetailCertificate(id: string | null): Loaded<CertificateView | undefined> {
  const notify = useNotify();
  const navigate = useNavigate();
  const loaded = useLoad(async () => (id ? (await certificatesApi.get(id)).approval : undefined), [id]);
  const { error, reload } = loaded;
  useEffect(() => {
    if (!id) return void navigate(LIST_PATH);
    if (!error) return;
    notify.error(error);
    navigate(LIST_PATH);
  }, [id, error, navigate, notify]);
  useCertificateLive(() => void reload(), id ?? undefined);
  useOpenedBySigner(loaded.data);
  return loaded;
}

/**
 * A signer asked to sign sees the certificate: the server records that it was opened (once per level;
 * reading it records nothing), so whoever chases the certificate knows.
 */
function useOpenedBySigner(a: CertificateView | undefined) {
  const openedSent = useRef('');
  useEffect(() => {
    if (!a?.can?.sign) return;
    const key = `${a._id}:${a.stageLevel}`;
    if (openedSent.current === key) return;
    openedSent.current = key;
    certificatesApi.opened(a._id).catch(() => undefined);
  }, [a]);
}
