/**
 * The statements of a certificate's personal digital signatures: each key's certificate (current or
 * retired: a replaced key still verifies what it signed) and the company CA, read in two queries.
 */
import {
  digitalSignatureView,
  passkeyIds,
  passkeySignatureView,
  signatureKeyIds,
  type CertificateState,
  type DigitalSignatureView,
  type PasskeySignatureView,
  type SignedEntry,
} from '@grain/domain';
import type { Stores } from '@grain/persistence';

export async function digitalSignatures(stores: Stores, s: CertificateState): Promise<(e: SignedEntry) => DigitalSignatureView | undefined> {
  const ids = signatureKeyIds(s);
  if (ids.length === 0) return () => undefined;
  const keys = await stores.signatures.byGuids(s.companyId, ids);
  const ca = await stores.signatures.companyCaCertificatePem(s.companyId);
  return (e) => digitalSignatureView(e, (id) => keys.get(id)?.certificatePem ?? null, ca);
}

/** The statements of a certificate's passkey signatures: each passkey's public key (removed ones too), in one query. */
export async function passkeySignatures(stores: Stores, s: CertificateState): Promise<(e: SignedEntry) => PasskeySignatureView | undefined> {
  const ids = passkeyIds(s);
  if (ids.length === 0) return () => undefined;
  const keys = await stores.passkeys.byIds(s.companyId, ids);
  return (e) =>
    passkeySignatureView(e, (id) => {
      const k = keys.get(id);
      return k ? { credentialId: k.credentialId, algorithm: k.algorithm, publicKey: k.publicKeyPem } : null;
    });
}
