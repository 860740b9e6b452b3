/** The issued certificate as a verifiable credential (JWT), for a member of the issuing company. */
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { signedCredential } from '../support/credential';
import { certificateFileName } from '../support/file-names';

export interface CredentialFile {
  fileName: string;
  jwt: string;
}

export async function downloadCredential(o: { caller: Caller; certificateId: string }, deps: CertificateCommandDeps): Promise<CredentialFile> {
  const s = await loadCertificate(deps.stores, o.caller, o.certificateId);
  return { fileName: certificateFileName(s, 'vc.jwt'), jwt: await signedCredential(deps, s) };
}
