/**
 * The CA certificate and the seal certificate that sealed this certificate (pinned at issue: the
 * fingerprints frozen with its issuer, looked up among the company's stored ones), to trust its seal.
 */
import { AppError } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, type IssuedRef } from '../support/find-issued';
import { pinnedSeal } from '../support/issuer-pin';

export async function downloadIssuerCa({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<string> {
  const pinned = await pinnedSeal(deps, await findIssued(deps.stores, ref));
  if (!pinned) throw new AppError('NOT_FOUND');
  return `${pinned.caPem.trim()}\n${pinned.sealPem.trim()}\n`;
}
