#!/usr/bin/env node
// Checks an issued certificate's verifiable credential with registry libraries only, none of ours (issue 31):
//   signature  did-jwt-vc verifies the vc+jwt, resolving its issuer's did:web with web-did-resolver (https);
//              a credential whose key is not in the issuer's DID document is refused;
//   x5c        the x5c leaf is the key that verified, and its certificate names the issuer DID (subjectAltName);
//   status     the credentialStatus (BitstringStatusListEntry) list is fetched, verified the same way (same
//              issuer), and its bit read with @digitalbazaar/vc-bitstring-status-list: set means revoked.
//   pdf        given the certificate's one link (https://<server>/c/<hash>), its RFC 9264 link set names the
//              PDF and the credential; the PDF is checked by poppler's pdfsig, trusting only the company CA
//              that the issuer's DID document (#ca, resolved as above) names: valid and trusted.
// Usage: node scripts/verify-credential.mjs <credential file, credential URL or certificate link>
// Prints one JSON line { ok, checks: { signature, x5c, status[, pdf] }, revoked, errors }; exit 0 when every
// check holds, 1 when the certificate is refused or revoked, 2 on a usage error. A self-signed test server's
// TLS certificate is trusted through NODE_EXTRA_CA_CERTS.
import { X509Certificate, createPublicKey } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** The link set of a certificate's one link: its PDF's and its credential's addresses. */
async function linkset(url) {
  const res = await fetch(url, { headers: { accept: 'application/linkset+json' } });
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  const [set] = (await res.json()).linkset ?? [];
  const links = Object.entries(set ?? {})
    .filter(([k]) => k !== 'anchor')
    .flatMap(([, v]) => v);
  const of = (type) => links.find((l) => l.type === type)?.href;
  return { pdf: of('application/pdf'), credential: of('application/vc+jwt') };
}

/** pdfsig over the PDF, with an NSS database that trusts only the CA the issuer's DID document names (#ca). */
async function checkPdf(url, did) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'verify-pdf-'));
  const file = path.join(dir, 'certificate.pdf');
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const doc = (await resolver.resolve(did)).didDocument;
  const ca = doc?.verificationMethod?.find((m) => m.id === `${did}#ca`)?.publicKeyJwk?.x5c?.[0];
  if (!ca) throw new Error('the DID document names no CA (#ca)');
  writeFileSync(path.join(dir, 'ca.pem'), `-----BEGIN CERTIFICATE-----\n${ca}\n-----END CERTIFICATE-----\n`);
  execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'issuer CA', '-t', ',C,', '-i', path.join(dir, 'ca.pem')]);
  const out = spawnSync('pdfsig', ['-nssdir', `sql:${dir}`, file], { encoding: 'utf8' }).stdout ?? '';
  const signatures = out.match(/^Signature #\d+:/gm) ?? [];
  if (signatures.length !== 1) throw new Error(`pdfsig finds ${signatures.length} signatures`);
  if (!/Signature Validation: Signature is Valid\./.test(out)) throw new Error('pdfsig: the signature is not valid');
  if (!/Certificate Validation: Certificate is Trusted\./.test(out)) throw new Error("pdfsig: the seal is not trusted under the issuer's CA");
}

try {
  const link = /^https:\/\/[^/]+\/c\/[0-9a-f]{64}$/.test(arg) ? await linkset(arg) : null;
  if (link) checks.pdf = false;
  const jwt = link ? await text(link.credential) : /^https:\/\//.test(arg) ? await text(arg) : readFileSync(arg, 'utf8').trim();
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
    if (link) {
      try {
        await checkPdf(link.pdf, v.issuer);
        checks.pdf = true;
      } catch (e) {
        errors.push(`pdf: ${e.message}`);
      }
    }
  }
} catch (e) {
  errors.push(e.message);
}
const ok = Object.values(checks).every(Boolean);
console.log(JSON.stringify({ ok, checks, revoked, errors }));
process.exit(ok ? 0 : 1);
