/**
 * The statements of a certificate's personal digital signatures: each key's certificate (current or
 * retired: a replaced key still verifies what it signed) and the company CA, read in two queries.
 */
import { digitalSignatureView, signatureKeyIds, type CertificateState, type DigitalSignatureView, type SignedEntry } from '@grain/domain';
import type { Stores } from '@grain/persistence';

export async function digitalSignatures(stores: Stores, s: CertificateState): Promise<(e: SignedEntry) => DigitalSignatureView | undefined> {
  const ids = signatureKeyIds(s);
  if (ids.length === 0) return () => undefined;
  const keys = await stores.signatures.byGuids(s.companyId, ids);
  const ca = await stores.signatures.companyCaCertificatePem(s.companyId);
  return (e) => digitalSignatureView(e, (id) => keys.get(id)?.certificatePem ?? null, ca);
}
