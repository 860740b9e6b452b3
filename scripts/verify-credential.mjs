#!/usr/bin/env node
// Checks an issued certificate's verifiable credential with registry libraries only, none of ours (issue 31):
//   signature  did-jwt-vc verifies the vc+jwt, resolving its issuer's did:web with web-did-resolver (https);
//              a credential whose key is not in the issuer's DID document is refused;
//   x5c        the x5c leaf is the key that verified, and its certificate names the issuer DID (subjectAltName);
//   status     the credentialStatus (BitstringStatusListEntry) list is fetched, verified the same way (same
//              issuer), and its bit read with @digitalbazaar/vc-bitstring-status-list: set means revoked.
//   pdf        given the certificate's one link (https://<server>/c/<hash>), its RFC 9264 link set names the
//              PDF, the credential and the XML; the PDF is checked by poppler's pdfsig, trusting only the
//              company CA that the issuer's DID document (#ca, resolved as above) names: valid and trusted.
//   pdfLtv     the same PDF by a second validator, github.com/digitorus/pdfsign's `verify` (built from the Go
//              module proxy by scripts/ensure-pdf-verify.mjs; pyHanko's PyPI cannot be reached here), with
//              only the company CA and the platform's TSA certificate (/api/trust/tsa.pem) as trust roots:
//              one signature, valid, its certificate chaining to the CA, an RFC 3161 timestamp present, over
//              the signature and signed by the trusted TSA, the CA's CRL embedded and not naming the seal.
//              Then the CA's CRL as published now (the seal certificate's CRL distribution point), its
//              signature checked by openssl against the CA: if it names the seal certificate, the seal
//              holds only when its timestamp is before the revocation (a revoked key used again is refused).
//   xml        the UN/CEFACT SPS e-Cert XML, valid by `xmllint --schema` against the SPS XSD kept in this
//              repository (api/src/trust/testdata/sps-certificate.xsd), and (a file given) the very XML the
//              certificate's link serves (xmllint --c14n of both is the same).
// Usage: node scripts/verify-credential.mjs <credential file, credential URL or certificate link>
//          [--pdf=<file>] [--credential=<file>] [--xml=<file>]
//   with a link, the files a buyer was sent are checked in place of the ones the link serves.
// Prints one JSON line { ok, checks: { signature, x5c, status[, pdf, pdfLtv, xml] }, revoked, errors }; exit 0
// when every check holds, 1 when the certificate is refused or revoked, 2 on a usage error. A self-signed test
// server's TLS certificate is trusted through NODE_EXTRA_CA_CERTS.
import { X509Certificate, createPublicKey } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import { getResolver } from 'web-did-resolver';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { ensurePdfsign } from './ensure-pdf-verify.mjs';

const [arg, ...options] = process.argv.slice(2);
const given = Object.fromEntries(options.map((o) => /^--(pdf|credential|xml)=(.+)$/.exec(o)?.slice(1) ?? ['bad', o]));
if (!arg || given.bad) {
  console.error(
    'usage: node scripts/verify-credential.mjs <credential file, credential URL or certificate link> [--pdf=file] [--credential=file] [--xml=file]',
  );
  process.exit(2);
}
const XSD = path.join(path.dirname(new URL(import.meta.url).pathname), '../api/src/trust/testdata/sps-certificate.xsd');
const work = mkdtempSync(path.join(tmpdir(), 'verify-'));
let files = 0;
/** A file of ours for a tool to read. */
const saved = (content, name) => {
  const file = path.join(work, `${++files}-${name}`);
  writeFileSync(file, content);
  return file;
};

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
  return { pdf: of('application/pdf'), credential: of('application/vc+jwt'), xml: of('application/xml') };
}

async function bytes(url) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The company CA the issuer's DID document names (#ca), PEM. */
async function issuerCa(did) {
  const doc = (await resolver.resolve(did)).didDocument;
  const ca = doc?.verificationMethod?.find((m) => m.id === `${did}#ca`)?.publicKeyJwk?.x5c?.[0];
  if (!ca) throw new Error('the DID document names no CA (#ca)');
  return `-----BEGIN CERTIFICATE-----\n${ca.replace(/(.{64})/g, '$1\n').trimEnd()}\n-----END CERTIFICATE-----\n`;
}

/** pdfsig over the PDF, with an NSS database that trusts only the issuer's CA. */
function checkPdf(pdf, caPem) {
  const dir = mkdtempSync(path.join(work, 'nss-'));
  const file = saved(pdf, 'certificate.pdf');
  writeFileSync(path.join(dir, 'ca.pem'), caPem);
  execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'issuer CA', '-t', ',C,', '-i', path.join(dir, 'ca.pem')]);
  const out = spawnSync('pdfsig', ['-nssdir', `sql:${dir}`, file], { encoding: 'utf8' }).stdout ?? '';
  const signatures = out.match(/^Signature #\d+:/gm) ?? [];
  if (signatures.length !== 1) throw new Error(`pdfsig finds ${signatures.length} signatures`);
  if (!/Signature Validation: Signature is Valid\./.test(out)) throw new Error('pdfsig: the signature is not valid');
  if (!/Certificate Validation: Certificate is Trusted\./.test(out)) throw new Error("pdfsig: the seal is not trusted under the issuer's CA");
}

/** The revocation date a CRL (DER) states for a serial (hex), read by openssl after it checked the CRL's signature by the CA; null when not listed. */
function revokedAtIn(crl, caPem, serialHex) {
  const file = saved(crl, 'ca.crl');
  const ca = saved(caPem, 'ca.pem');
  const checked = spawnSync('openssl', ['crl', '-inform', 'DER', '-in', file, '-CAfile', ca, '-noout'], { encoding: 'utf8' });
  if (checked.status !== 0 || !/verify OK/.test(`${checked.stdout}${checked.stderr}`)) throw new Error("the CA's CRL is not signed by the CA");
  const text = execFileSync('openssl', ['crl', '-inform', 'DER', '-in', file, '-noout', '-text'], { encoding: 'utf8' });
  const re = /Serial Number: ([0-9A-F]+)\s+Revocation Date: ([^\n]+)/g;
  for (const m of text.matchAll(re)) if (m[1].replace(/^0+/, '') === serialHex.replace(/^0+/, '')) return new Date(m[2].trim());
  return null;
}

/**
 * pdfsign's validator (tools/pdf-verify) over the PDF, trusting only the issuer's CA and the platform's TSA
 * (Go reads its roots from SSL_CERT_FILE; SSL_CERT_DIR points at an empty folder); then the CA's CRL as
 * published now against the seal's timestamp.
 */
async function checkPdfLtv(pdf, caPem, tsaPem) {
  const roots = saved(`${caPem}${tsaPem}`, 'roots.pem');
  const empty = path.join(work, 'no-roots');
  mkdirSync(empty, { recursive: true });
  const run = spawnSync(await ensurePdfsign(), ['verify', saved(pdf, 'certificate.pdf')], {
    encoding: 'utf8',
    env: { ...process.env, SSL_CERT_FILE: roots, SSL_CERT_DIR: empty },
  });
  let verdict;
  try {
    verdict = JSON.parse(run.stdout);
  } catch {
    throw new Error(`pdfsign: ${(run.stdout || run.stderr).trim().split('\n')[0]}`);
  }
  const [signer, ...more] = verdict.Signers ?? [];
  if (!signer || more.length) throw new Error(`pdfsign finds ${verdict.Signers?.length ?? 0} signatures`);
  if (verdict.Error) throw new Error(`pdfsign: ${verdict.Error}`);
  if (!signer.valid_signature) throw new Error('pdfsign: the signature is not valid');
  const leaf = signer.certificates.find((c) => !c.certificate.IsCA);
  if (!leaf || leaf.verify_error) throw new Error(`pdfsign: the seal is not trusted under the issuer's CA (${leaf?.verify_error ?? 'no seal certificate'})`);
  if (signer.time_source !== 'embedded_timestamp' || signer.timestamp_status !== 'valid')
    throw new Error('pdfsign: the seal carries no valid RFC 3161 timestamp');
  if (!signer.timestamp_trusted) throw new Error(`pdfsign: the timestamp is not by the trusted TSA (${(signer.time_warnings ?? []).join('; ')})`);
  if (!leaf.crl_embedded) throw new Error('pdfsign: no revocation data (CRL) embedded for the seal certificate');
  if (signer.revoked_certificate) throw new Error('pdfsign: the seal certificate was revoked before the seal was made');
  // the CRL as published now: a revocation after the embedded CRL was made
  const seal = new X509Certificate(Buffer.from(leaf.certificate.Raw, 'base64'));
  const crlUrl = leaf.certificate.CRLDistributionPoints?.[0];
  if (!crlUrl) throw new Error('the seal certificate names no CRL distribution point');
  const revokedAt = revokedAtIn(await bytes(crlUrl), caPem, seal.serialNumber.toUpperCase());
  const sealedAt = new Date(signer.time_stamp.Time);
  if (revokedAt && revokedAt <= sealedAt)
    throw new Error(`sealed ${sealedAt.toISOString()}, after its seal certificate was revoked (${revokedAt.toISOString()})`);
}

/** xmllint: valid against the SPS XSD, and (a file given) the same canonical XML as the one the link serves. */
async function checkXml(xml, servedUrl) {
  const file = saved(xml, 'certificate.xml');
  const valid = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  if (valid.status !== 0) throw new Error(`xmllint: ${valid.stderr.trim().split('\n')[0]}`);
  if (servedUrl) {
    const c14n = (f) => execFileSync('xmllint', ['--c14n', f]);
    if (!c14n(file).equals(c14n(saved(await bytes(servedUrl), 'served.xml')))) throw new Error("not the XML the certificate's link serves");
  }
}

try {
  const link = /^https:\/\/[^/]+\/c\/[0-9a-f]{64}$/.test(arg) ? await linkset(arg) : null;
  if (link) Object.assign(checks, { pdf: false, pdfLtv: false, xml: false });
  const jwt = given.credential
    ? readFileSync(given.credential, 'utf8').trim()
    : link
      ? await text(link.credential)
      : /^https:\/\//.test(arg)
        ? await text(arg)
        : readFileSync(arg, 'utf8').trim();
  if (link) {
    try {
      await checkXml(given.xml ? readFileSync(given.xml) : await bytes(link.xml), given.xml ? link.xml : null);
      checks.xml = true;
    } catch (e) {
      errors.push(`xml: ${e.message}`);
    }
  }
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
        const pdf = given.pdf ? readFileSync(given.pdf) : await bytes(link.pdf);
        const caPem = await issuerCa(v.issuer);
        try {
          checkPdf(pdf, caPem);
          checks.pdf = true;
        } catch (e) {
          errors.push(`pdf: ${e.message}`);
        }
        await checkPdfLtv(pdf, caPem, (await bytes(new URL('/api/trust/tsa.pem', arg))).toString('utf8'));
        checks.pdfLtv = true;
      } catch (e) {
        errors.push(`pdfLtv: ${e.message}`);
      }
    }
  }
} catch (e) {
  errors.push(e.message);
}
const ok = Object.values(checks).every(Boolean);
console.log(JSON.stringify({ ok, checks, revoked, errors }));
process.exit(ok ? 0 : 1);
