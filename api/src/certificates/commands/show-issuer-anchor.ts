/**
 * The out-of-band anchor of an issued certificate's issuer: the DID document the issuer publishes on its
 * own domain, read now, and whether it names the CA that sealed this certificate.
 */
import type { IssuerAnchorAnswer } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, type IssuedRef } from '../support/find-issued';
import { issuerView, pinnedSeal } from '../support/issuer-pin';

export async function showIssuerAnchor({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<IssuerAnchorAnswer> {
  const found = await findIssued(deps.stores, ref);
  const issuer = await issuerView(deps, found);
  const pinned = await pinnedSeal(deps, found);
  const now = new Date().toISOString();
  if (!issuer.did || !pinned) return { did: issuer.did, url: null, caFingerprint: issuer.caFingerprint, status: 'none', checkedAt: now };
  const a = await deps.didWeb.anchor(issuer.did, pinned.caPem);
  return { did: a.did, url: a.url || null, caFingerprint: issuer.caFingerprint, status: a.status, checkedAt: a.checkedAt };
}
