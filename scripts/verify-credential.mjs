#!/usr/bin/env node
// Checks an issued certificate's verifiable credential with registry libraries only, none of ours (issue 31):
//   signature  did-jwt-vc verifies the vc+jwt, resolving its issuer's did:web with web-did-resolver (https);
//              a credential whose key is not in the issuer's DID document is refused;
//   x5c        the x5c leaf is the key that verified, and its certificate names the issuer DID (subjectAltName);
//   status     the credentialStatus (BitstringStatusListEntry) list is fetched, verified the same way (same
//              issuer), and its bit read with @digitalbazaar/vc-bitstring-status-list: set means revoked.
// Usage: node scripts/verify-credential.mjs <credential file or https URL>
// Prints one JSON line { ok, checks: { signature, x5c, status }, revoked, errors }; exit 0 when every check
// holds, 1 when the credential is refused or revoked, 2 on a usage error. A self-signed test server's CA is
// trusted through NODE_EXTRA_CA_CERTS.
import { X509Certificate, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import { getResolver } from 'web-did-resolver';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';

const arg = process.argv[2];
if (!arg) {
  console.error('usage: node scripts/verify-credential.mjs <credential file or https URL>');
  process.exit(2);
}

const resolver = new Resolver(getResolver());
const errors = [];
const checks = { signature: false, x5c: false, status: false };
let revoked = null;

async function text(url) {
  const res = await fetch(url, { headers: { accept: 'application/vc+jwt, application/vc, application/jwt' } });
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.text()).trim();
}

const b64json = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** did-jwt-vc over a VC 2.0 vc+jwt (VC-JOSE-COSE: the payload is the credential; did-jwt-vc's own format rules are VC 1.1's). */
async function verified(jwt) {
  const v = await verifyCredential(jwt, resolver, { policies: { format: false } });
  const p = v.payload;
  if (!Array.isArray(p['@context']) || p['@context'][0] !== 'https://www.w3.org/ns/credentials/v2') throw new Error('not a VC 2.0 credential');
  if (!Array.isArray(p.type) || !p.type.includes('VerifiableCredential')) throw new Error('not a VerifiableCredential');
  const issuer = typeof p.issuer === 'string' ? p.issuer : p.issuer?.id;
  if (issuer !== v.issuer) throw new Error(`issuer ${issuer} is not the signer ${v.issuer}`);
  return v;
}

try {
  const jwt = /^https:\/\//.test(arg) ? await text(arg) : readFileSync(arg, 'utf8').trim();
  const header = b64json(jwt.split('.')[0]);
  let v = null;
  try {
    v = await verified(jwt);
    checks.signature = true;
  } catch (e) {
    errors.push(`signature: ${e.message}`);
  }
  if (v) {
    // the x5c leaf is the key the DID document gave, and it names the DID
    try {
      const leaf = new X509Certificate(Buffer.from(header.x5c?.[0] ?? '', 'base64'));
      const jwk = v.signer.publicKeyJwk;
      const same = jwk && createPublicKey({ key: jwk, format: 'jwk' }).equals(leaf.publicKey);
      const uris = (leaf.subjectAltName ?? '')
        .split(/,\s*/)
        .filter((s) => s.startsWith('URI:'))
        .map((s) => s.slice(4));
      if (!same) errors.push('x5c: its leaf is not the key that verified');
      else if (!uris.includes(v.issuer)) errors.push(`x5c: its certificate does not name ${v.issuer}`);
      else checks.x5c = true;
    } catch (e) {
      errors.push(`x5c: ${e.message}`);
    }
    // the status list: fetched, verified as the same issuer's, the credential's bit read
    try {
      const entry = v.payload.credentialStatus;
      if (entry?.type !== 'BitstringStatusListEntry' || entry.statusPurpose !== 'revocation') throw new Error('no revocation BitstringStatusListEntry');
      const list = await verified(await text(entry.statusListCredential));
      if (list.issuer !== v.issuer) throw new Error(`the list is issued by ${list.issuer}, not ${v.issuer}`);
      const subject = list.payload.credentialSubject;
      if (subject?.type !== 'BitstringStatusList' || subject.statusPurpose !== 'revocation') throw new Error('not a revocation BitstringStatusList');
      if (list.payload.id !== entry.statusListCredential) throw new Error('the list is not the one the entry names');
      const bits = await decodeList({ encodedList: subject.encodedList });
      revoked = bits.getStatus(Number(entry.statusListIndex));
      if (revoked) errors.push('status: revoked');
      else checks.status = true;
    } catch (e) {
      errors.push(`status: ${e.message}`);
    }
  }
} catch (e) {
  errors.push(e.message);
}
const ok = Object.values(checks).every(Boolean);
console.log(JSON.stringify({ ok, checks, revoked, errors }));
process.exit(ok ? 0 : 1);
