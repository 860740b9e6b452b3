/**
 * Credentials as the registry's verifiers read them (issue 31): a VC 2.0 credential secured as a JWT
 * (VC-JOSE-COSE, `typ: vc+jwt`, ES256), issued as a did:web — `iss` the DID, `kid` the seal key's id in
 * the DID's document — with the seal and CA certificates in `x5c` too (the seal certificate names the DID
 * in its subjectAltName). Status lists are W3C Bitstring Status List credentials, secured the same way.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { gzipSync, gunzipSync } from 'node:zlib';
import { decodeJwt, SignJWT } from 'jose';
import { sealKeyFragment, statusListBits, STATUS_LIST_LENGTH } from '@grain/domain';

/** The seal a credential is signed with: its key and certificate, and the CA that issued it. */
export interface CredentialSigner {
  privateKey: KeyObject;
  certificatePem: string;
  caCertificatePem: string;
}

const derBase64 = (pem: string) => new X509Certificate(pem).raw.toString('base64');
const fingerprintHex = (pem: string) => new X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase();

/** The `kid` of a seal in its issuer's DID document. */
export const sealKeyId = (did: string, sealPem: string) => `${did}#${sealKeyFragment(fingerprintHex(sealPem))}`;

/** Signs a credential (any VC 2.0 object with an `issuer.id` or `issuer` DID) as a vc+jwt. */
export async function signVcJwt(
  credential: { id?: string; issuer: string | { id: string }; credentialSubject?: { id?: unknown } },
  signer: CredentialSigner,
  at: Date,
): Promise<string> {
  const did = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id;
  const jwt = new SignJWT({ ...credential })
    .setProtectedHeader({
      alg: 'ES256',
      typ: 'vc+jwt',
      cty: 'vc',
      kid: sealKeyId(did, signer.certificatePem),
      x5c: [derBase64(signer.certificatePem), derBase64(signer.caCertificatePem)],
    })
    .setIssuer(did)
    .setIssuedAt(Math.floor(at.getTime() / 1000))
    .setNotBefore(Math.floor(at.getTime() / 1000));
  if (credential.id) jwt.setJti(credential.id);
  if (typeof credential.credentialSubject?.id === 'string') jwt.setSubject(credential.credentialSubject.id);
  return jwt.sign(signer.privateKey);
}

/** The claims of a vc+jwt, unverified (the caller verifies, or only reads its own stored one). */
export const vcJwtClaims = (jwt: string) => decodeJwt(jwt);

/** A status list's bits as its credential states them: multibase base64url (`u`) of the GZIP-compressed bitstring. */
export function encodeStatusList(revokedIndexes: number[]): string {
  return `u${gzipSync(statusListBits(revokedIndexes)).toString('base64url')}`;
}

/** The bits of an encoded status list (encodeStatusList's inverse). */
export function decodeStatusList(encoded: string): Uint8Array {
  if (!encoded.startsWith('u')) throw new Error('not a multibase base64url status list');
  return new Uint8Array(gunzipSync(Buffer.from(encoded.slice(1), 'base64url')));
}

/** A company's revocation status list credential (W3C Bitstring Status List v1.0), unsigned. */
export function statusListCredential(listUrl: string, issuerDid: string, revokedIndexes: number[], madeAt: Date, maxAgeSeconds: number) {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: listUrl,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerDid,
    validFrom: madeAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    credentialSubject: {
      id: `${listUrl}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(revokedIndexes.filter((i) => i < STATUS_LIST_LENGTH)),
      // how long a verifier may keep using a copy before it must fetch the list again (milliseconds)
      ttl: maxAgeSeconds * 1000,
    },
  };
}
