/**
 * A company admin revokes the company's seal certificate (issue 31 item 4: a lost or stolen seal key). The
 * company CA's CRL names it from now on, its key is deleted, and what it sealed before stays valid (each
 * seal's RFC 3161 time is read against the revocation; see certificates/support/check-upload.ts). The company
 * gets a new seal certificate under the same CA at once (so its DID document names the new key straight away,
 * and the next certificate is sealed with it, nobody having to do anything else). Only a holder of
 * editSystem (an admin) may revoke (others: 403, logged); a seal that is not the caller's company's
 * current one answers NOT_FOUND, as a missing one does.
 */
import { X509Certificate } from 'node:crypto';
import { AppError, didWebOf, type Actor } from '@grain/domain';
import { sealOptionsFor } from '@grain/adapters';
import type { SealRevocation, Stores } from '@grain/persistence';
import { mustHold, type CallOrigin } from '../../http/access';

export interface RevokeSealOptions {
  caller: { access: Actor; companyId: string; email?: string; origin: CallOrigin };
  /** SHA-256 of the seal certificate (hex): the one the caller saw as current. */
  fingerprint: string;
  reason: string;
}

const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase();

export async function revokeSeal(o: RevokeSealOptions, deps: { stores: Stores; caKeySecret?: string; publicUrl: string }): Promise<SealRevocation> {
  await mustHold(deps.stores.authLog, o.caller, 'editSystem');
  const wanted = o.fingerprint.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(wanted)) throw new AppError('NOT_FOUND');
  const company = await deps.stores.companies.byId(o.caller.companyId);
  if (!company) throw new AppError('NOT_FOUND');
  return deps.stores.transaction(async (tx) => {
    const current = (await tx.signatures.companyCertificates(company.id)).find((h) => h.current);
    if (!current?.sealPem || fingerprintOf(current.sealPem) !== wanted) throw new AppError('NOT_FOUND');
    const revoked = await tx.signatures.revokeSeal(company.id, { reason: o.reason, by: o.caller.access.id }, deps.caKeySecret);
    if (!revoked) throw new AppError('NOT_FOUND');
    // its successor, named as a certificate's seal is (the platform's did:web, the company's own, the CA's CRL)
    await tx.signatures.companySeal(company, deps.caKeySecret, sealOptionsFor(deps.publicUrl, company.id, didWebOf(company.website)));
    return revoked;
  });
}
