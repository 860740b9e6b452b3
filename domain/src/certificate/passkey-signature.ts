/**
 * A signature made with a passkey (WebAuthn). The authenticator signs `authenticatorData ||
 * sha256(clientDataJSON)`, and clientDataJSON carries the challenge: here the sha256 of a statement that
 * names the certificate, its number, the level, the content hash, the signer and a fresh nonce. So the
 * assertion is itself a signature over exactly what was shown, checkable later with the passkey's public
 * key (docs/verifying-a-certificate.md). Recorded on the signed entry as `webauthn:<JSON>`.
 */
import type { CertificateState, SignedEntry } from './types';
import type { PasskeySignatureView } from './views';

/** What a passkey signature's challenge is the sha256 of. */
export interface PasskeyStatementFields {
  certificateId: string;
  number: string;
  level: number;
  contentHash: string;
  userId: string;
  nonce: string;
}

/** The statement as the exact text whose sha256 is the challenge: JSON with these keys in this order. */
export function passkeyStatement(f: PasskeyStatementFields): string {
  return JSON.stringify({
    purpose: 'sign grain quality certificate',
    certificateId: f.certificateId,
    number: f.number,
    level: f.level,
    contentHash: f.contentHash,
    userId: f.userId,
    nonce: f.nonce,
  });
}

/** An assertion as recorded: the passkey (our key id), the statement, and the authenticator's three values (base64). */
export interface PasskeyAssertion {
  keyId: string;
  statement: string;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

const PREFIX = 'webauthn:';

export const passkeySignatureValue = (a: PasskeyAssertion): string =>
  PREFIX +
  JSON.stringify({ keyId: a.keyId, statement: a.statement, authenticatorData: a.authenticatorData, clientDataJSON: a.clientDataJSON, signature: a.signature });

/** The assertion of a recorded value, or null when the value is not a passkey signature. */
export function parsePasskeySignature(v: string | undefined): PasskeyAssertion | null {
  if (!v?.startsWith(PREFIX)) return null;
  try {
    const o = JSON.parse(v.slice(PREFIX.length)) as Record<string, unknown>;
    const keys = ['keyId', 'statement', 'authenticatorData', 'clientDataJSON', 'signature'] as const;
    if (!keys.every((k) => typeof o[k] === 'string')) return null;
    return o as unknown as PasskeyAssertion;
  } catch {
    return null;
  }
}

/** Every passkey id the certificate's signatures (counting and voided) name. */
export function passkeyIds(s: CertificateState): string[] {
  const ids = s.levels.flatMap((l) => [...l.signed, ...(l.voided ?? [])].map((e) => parsePasskeySignature(e.signatureValue)?.keyId));
  return [...new Set(ids.filter((x): x is string => !!x))];
}

/** What is kept of a passkey to state its signatures: the credential's id, its algorithm and public key. */
export interface PasskeyPublicKey {
  credentialId: string;
  algorithm: PasskeySignatureView['algorithm'];
  publicKey: string;
}

/** The statement of an entry's passkey signature, with the passkey's public key. */
export function passkeySignatureView(e: SignedEntry, keyOf: (keyId: string) => PasskeyPublicKey | null): PasskeySignatureView | undefined {
  const a = parsePasskeySignature(e.signatureValue);
  if (!a || !e.contentHash) return undefined;
  const key = keyOf(a.keyId);
  return {
    keyId: a.keyId,
    credentialId: key?.credentialId ?? null,
    algorithm: key?.algorithm ?? null,
    statement: a.statement,
    authenticatorData: a.authenticatorData,
    clientDataJSON: a.clientDataJSON,
    signature: a.signature,
    publicKey: key?.publicKey ?? null,
  };
}
