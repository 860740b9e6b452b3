/**
 * Records that a signer asked to sign now has opened the certificate (the progress shows it to whoever
 * chases the certificate). The detail page posts it once it shows the certificate: reading the
 * certificate (GET) changes nothing.
 */
import { askedNow } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';

export async function recordOpened(o: { caller: Caller; certificateId: string }, deps: CertificateCommandDeps): Promise<void> {
  const s = await loadCertificate(deps.stores, o.caller, o.certificateId);
  const asked = askedNow(s, o.caller.actor.id);
  if (asked) await deps.stores.certificateViews.record(s.id, asked.level, o.caller.actor.id, asked.since);
}
