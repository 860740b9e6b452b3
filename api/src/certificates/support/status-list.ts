/** The certificate's entry in its issuer's W3C status list, and how old a verifier's copy of the list may be. */
import { statusListKey, statusListUrl, type CertificateState, type StatusListView } from '@grain/domain';
import type { CertificateCommandDeps } from '../commands/command-deps';

export async function statusListOf(deps: Pick<CertificateCommandDeps, 'stores' | 'config'>, s: CertificateState): Promise<StatusListView | null> {
  const stored = await deps.stores.credentials.ofCertificate(s.id);
  if (!stored?.jwt) return null;
  const list = await deps.stores.credentials.statusList(s.companyId, statusListKey(stored.issuerDid));
  return {
    url: statusListUrl(deps.config.publicUrl, s.companyId, stored.issuerDid),
    index: stored.statusIndex,
    issuerDid: stored.issuerDid,
    madeAt: list?.madeAt ?? null,
    maxAgeSeconds: deps.config.statusListMaxAgeSeconds,
  };
}
