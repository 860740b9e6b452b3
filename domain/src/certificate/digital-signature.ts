/**
 * A signer's personal digital signature as recorded on a signed entry (`<key GUID>:<base64 DER>`, made
 * over the content hash's 64 hex characters) and as stated to whoever checks it.
 */
import type { CertificateState, SignedEntry } from './types';
import type { DigitalSignatureView } from './views';

/** The key GUID and the base64 signature of a recorded value, or null when there is none. */
export function parseSignatureValue(v: string | undefined): { keyId: string; value: string } | null {
  const m = v ? /^([0-9a-f-]{36}):([A-Za-z0-9+/=]+)$/i.exec(v) : null;
  return m ? { keyId: m[1], value: m[2] } : null;
}

/** Every key GUID the certificate's signatures (counting and voided) name. */
export function signatureKeyIds(s: CertificateState): string[] {
  const ids = s.levels.flatMap((l) => [...l.signed, ...(l.voided ?? [])].map((e) => parseSignatureValue(e.signatureValue)?.keyId));
  return [...new Set(ids.filter((x): x is string => !!x))];
}

/** The statement of an entry's digital signature, with the key's certificate and the company CA. */
export function digitalSignatureView(
  e: SignedEntry,
  certificateOf: (keyId: string) => string | null,
  caCertificate: string | null,
): DigitalSignatureView | undefined {
  const parsed = parseSignatureValue(e.signatureValue);
  if (!parsed || !e.contentHash) return undefined;
  return {
    keyId: parsed.keyId,
    algorithm: 'ECDSA-P256-SHA256',
    value: parsed.value,
    signedText: e.contentHash,
    certificate: certificateOf(parsed.keyId),
    caCertificate,
  };
}
