/**
 * WebAuthn with @simplewebauthn/server: the relying party (this server, named by PUBLIC_URL), the
 * enrolment of a passkey and the check of a signing assertion. A passkey's public key is kept as COSE
 * (what verification reads) and as SPKI PEM (what a signature's checker reads, with openssl).
 */
import { createHash, createPublicKey } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeCBOR } from '@levischuck/tiny-cbor';
import { AppError, type PasskeyAssertionInput, type PasskeyRegistrationInput, type WebAuthnOptionsJSON } from '@grain/domain';
import type { NewPasskey, PasskeyRow } from '@grain/persistence';

export interface RelyingParty {
  /** The host name of PUBLIC_URL: passkeys are bound to it. */
  rpID: string;
  rpName: string;
  /** PUBLIC_URL's origin: the page a passkey answers on. */
  origin: string;
  /** PUBLIC_URL names port 0 (PORT=0: any free port, tests): then any port of its scheme and host name. */
  anyPort: boolean;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const u = new URL(publicUrl);
  return { rpID: u.hostname, rpName: 'Grain Quality Certificates', origin: u.origin, anyPort: u.port === '0' };
}

/** The origin a response must name: ours; with port 0 configured, the response's own when scheme and host name are ours. */
function expectedOrigin(rp: RelyingParty, clientDataJSON: string): string {
  if (!rp.anyPort) return rp.origin;
  try {
    const named = new URL(String((JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { origin?: unknown }).origin));
    const ours = new URL(rp.origin);
    return named.protocol === ours.protocol && named.hostname === ours.hostname ? named.origin : rp.origin;
  } catch {
    return rp.origin;
  }
}

/** COSE algorithm ids (RFC 9053): ES256 and RS256 only, what openssl checks with `dgst -sha256 -verify` (docs/verifying-a-certificate.md). */
const ES256 = -7;
const RS256 = -257;
const ALGORITHMS = [ES256, RS256];

const b64url = (v: Uint8Array) => Buffer.from(v).toString('base64url');
const fromB64url = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));

/** The challenge of a statement: base64url of its sha256. */
export const challengeOf = (statement: string) => b64url(createHash('sha256').update(statement, 'utf8').digest());

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: PasskeyRow[],
): Promise<WebAuthnOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return options as unknown as WebAuthnOptionsJSON;
}

/** The COSE key (RFC 9052 §7) as SPKI PEM, with its algorithm; PASSKEY_ALGORITHM_UNSUPPORTED for anything but ES256 on P-256 / RS256. */
function publicKeyPem(coseKey: Uint8Array): { pem: string; algorithm: 'ES256' | 'RS256' } {
  let key: unknown;
  try {
    key = decodeCBOR(coseKey);
  } catch {
    throw new AppError('PASSKEY_REGISTRATION_INVALID');
  }
  if (!(key instanceof Map)) throw new AppError('PASSKEY_REGISTRATION_INVALID');
  const bytes = (label: number) => {
    const v: unknown = key.get(label);
    return v instanceof Uint8Array ? b64url(v) : '';
  };
  // labels: 1 kty (2 EC2, 3 RSA), 3 alg; EC2: -1 crv (1 = P-256), -2 x, -3 y; RSA: -1 n, -2 e
  const kty: unknown = key.get(1);
  const alg: unknown = key.get(3);
  const spki = (jwk: Record<string, string>) => createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }) as string;
  try {
    if (alg === ES256 && kty === 2 && key.get(-1) === 1) return { pem: spki({ kty: 'EC', crv: 'P-256', x: bytes(-2), y: bytes(-3) }), algorithm: 'ES256' };
    if (alg === RS256 && kty === 3) return { pem: spki({ kty: 'RSA', n: bytes(-1), e: bytes(-2) }), algorithm: 'RS256' };
  } catch {
    throw new AppError('PASSKEY_REGISTRATION_INVALID');
  }
  throw new AppError('PASSKEY_ALGORITHM_UNSUPPORTED');
}

/** Checks a new passkey's attestation against the enrolment's challenge; the credential to keep. */
export async function verifyRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  input: PasskeyRegistrationInput,
  owner: { userId: string; companyId: string },
): Promise<NewPasskey> {
  const v = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: expectedOrigin(rp, input.response.response.clientDataJSON),
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!v?.verified) throw new AppError('PASSKEY_REGISTRATION_INVALID');
  const c = v.registrationInfo.credential;
  const { pem, algorithm } = publicKeyPem(c.publicKey);
  return {
    userId: owner.userId,
    companyId: owner.companyId,
    credentialId: c.id,
    publicKeyCose: b64url(c.publicKey),
    publicKeyPem: pem,
    algorithm,
    counter: c.counter,
    transports: (c.transports ?? []).map(String),
    name: input.name || 'Passkey',
  };
}

/** The options for the platform's prompt over a signing challenge: only the signer's own passkeys. */
export async function signingOptions(rp: RelyingParty, challenge: string, keys: PasskeyRow[]): Promise<WebAuthnOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: fromB64url(challenge),
    allowCredentials: keys.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
    userVerification: 'required',
  });
  return options as unknown as WebAuthnOptionsJSON;
}

/** Options for signing in with a passkey: any of this site's passkeys the device holds (discoverable). */
export async function loginOptions(rp: RelyingParty): Promise<WebAuthnOptionsJSON> {
  return (await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required' })) as unknown as WebAuthnOptionsJSON;
}

/** The challenge an assertion's clientDataJSON names (null when it names none). */
export function challengeNamed(response: PasskeyAssertionInput['response']): string | null {
  try {
    const c = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof c.challenge === 'string' && c.challenge.length <= 128 ? c.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Checks a signing assertion: made by `key` (the signer's own passkey), with the user verified, on our
 * origin, over exactly `challenge`. PASSKEY_ASSERTION_INVALID otherwise. Answers the authenticator's new
 * counter.
 */
export async function verifySigningAssertion(
  rp: RelyingParty,
  challenge: string,
  response: PasskeyAssertionInput['response'],
  key: PasskeyRow,
): Promise<number> {
  const v = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: expectedOrigin(rp, response.response.clientDataJSON),
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: key.credentialId,
      publicKey: fromB64url(key.publicKeyCose),
      counter: key.counter,
      transports: key.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!v?.verified) throw new AppError('PASSKEY_ASSERTION_INVALID');
  return v.authenticationInfo.newCounter;
}

/** base64url (as WebAuthn sends it) to base64 (as the record states it, for `openssl base64 -d`). */
export const toBase64 = (b64url: string) => Buffer.from(b64url, 'base64url').toString('base64');
