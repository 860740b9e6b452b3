/** The issued certificate as a verifiable credential, for anyone who holds its hash (or number and company). */
import type { CertificateCommandDeps } from './command-deps';
import type { CredentialFile } from './download-credential';
import { signedCredential } from '../support/credential';
import { certificateFileName } from '../support/file-names';
import { findIssued, type IssuedRef } from '../support/find-issued';

export async function downloadIssuedCredential({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<CredentialFile> {
  const { state: s } = await findIssued(deps.stores, ref);
  return { fileName: certificateFileName(s, 'vc.jwt'), jwt: await signedCredential(deps, s) };
}
