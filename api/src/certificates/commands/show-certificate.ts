/** One certificate of the caller's company; another company's answers NOT_FOUND, as a missing one does. */
import type { CertificateState } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';

export async function showCertificate(o: { caller: Caller; certificateId: string }, { stores }: CertificateCommandDeps): Promise<CertificateState> {
  return loadCertificate(stores, o.caller, o.certificateId);
}
