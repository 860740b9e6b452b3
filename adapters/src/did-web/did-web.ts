/**
 * The issuer's out-of-band anchor (issue 26 item 6): a did:web document the company publishes on its own
 * domain, naming its CA key. This module makes the document we give the company to publish, and reads the
 * published one back to tell whether it names the CA that sealed a certificate.
 *
 * Reading is a request to an address a tenant chose, so it is guarded: https only, no redirects, 5 s,
 * 64 kB, and the name must resolve to public addresses only (checked in the socket's own lookup, so a
 * second resolution cannot point it elsewhere) — except hosts listed in DID_WEB_INSECURE_HOSTS (tests, a
 * local demo), which may be plain http on a private address.
 *
 * The document names the CA key `#ca` and every seal key `#seal-<fingerprint>` under assertionMethod (issue
 * 31: credentials whose iss/kid is this DID), each a JsonWebKey2020 with its x5c chain.
 */
import { createHash, X509Certificate } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { didWebDocumentUrl, sealKeyFragment } from '@grain/domain';
import { certificateDer } from '../pdf/certificate-subject';

export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: Array<{ id: string; type: string; controller: string; publicKeyJwk: Record<string, unknown> }>;
  assertionMethod?: string[];
}

const b64url = (b: Buffer) => b.toString('base64url');

function jwkOf(chainPems: string[]): Record<string, unknown> {
  const cert = new X509Certificate(chainPems[0]);
  const { kty, crv, x, y } = cert.publicKey.export({ format: 'jwk' }) as Record<string, string>;
  const ders = chainPems.map((p) => certificateDer(p));
  return { kty, crv, x, y, x5c: ders.map((d) => d.toString('base64')), 'x5t#S256': b64url(createHash('sha256').update(ders[0]).digest()) };
}

/** A seal certificate the company has had, with the CA that issued it (CompanyCertificates' history). */
export interface SealOfRecord {
  caPem: string;
  sealPem: string;
}

/**
 * The DID document of a company's did:web (its own domain's, or the platform's per-company one, issue 31
 * item 1): its current CA key (#ca) and every seal key it has had (#seal-<16 hex of the seal certificate's
 * SHA-256>, the `kid` its credentials name), each a JsonWebKey2020 with its x5c chain, under
 * assertionMethod. A retired seal stays: the credentials it signed still check (its key is gone, so it
 * signs nothing more); a credential whose key is not here is refused by any did:web verifier.
 */
export function companyDidDocument(did: string, caPem: string, seals: SealOfRecord[] = []): DidDocument {
  const method = (frag: string, chain: string[]) => ({ id: `${did}#${frag}`, type: 'JsonWebKey2020', controller: did, publicKeyJwk: jwkOf(chain) });
  const sealMethods = [...new Map(seals.map((x) => [sealKeyFragment(fingerprintOf(x.sealPem)), x])).entries()].map(([frag, x]) =>
    method(frag, [x.sealPem, x.caPem]),
  );
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: [method('ca', [caPem]), ...sealMethods],
    ...(sealMethods.length ? { assertionMethod: sealMethods.map((m) => m.id) } : {}),
  };
}

const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase();

/** What reading a company's published DID document found about a CA. */
export interface DidAnchor {
  did: string;
  /** Where the document was read. */
  url: string;
  /** matches: it names this CA's key; mismatch: it names other keys; unreachable / invalid: no usable document. */
  status: 'matches' | 'mismatch' | 'unreachable' | 'invalid';
  checkedAt: string;
}

/** Whether an address is one a tenant's name must not lead the server to (loopback, private, link-local, ...). */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe8') ||
    v6.startsWith('fe9') ||
    v6.startsWith('fea') ||
    v6.startsWith('feb') ||
    v6.startsWith('ff')
  );
}

function fetchGuarded(url: string, insecure: boolean): Promise<string> {
  const u = new URL(url);
  const lib = u.protocol === 'http:' ? http : https;
  // the lookup the socket itself uses: a private address is refused at connect time
  const lookup: net.LookupFunction = (host, options, cb) =>
    dns.lookup(host, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !insecure) return cb(new Error(`${host} resolves to a private address`), '', 4);
      if ((options as { all?: boolean }).all) return (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      cb(null, list[0].address, list[0].family);
    });
  return new Promise((resolve, reject) => {
    const req = lib.get(u, { lookup, timeout: 5000, headers: { accept: 'application/did+json, application/json' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`HTTP ${res.statusCode}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 64 * 1024) req.destroy(new Error('document larger than 64 kB'));
        else chunks.push(c);
      });
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

/** Reads published DID documents (with a short in-memory cache: a page view must not fetch each time). */
export class DidWebResolver {
  private readonly cache = new Map<string, { at: number; anchor: DidAnchor }>();
  constructor(private readonly opts: { insecureHosts: string[]; cacheMs?: number }) {}

  /** Whether the DID document published for `did` names the key of the CA certificate `caPem`. */
  async anchor(did: string, caPem: string): Promise<DidAnchor> {
    const host = decodeURIComponent(/^did:web:([^:]+)/.exec(did)?.[1] ?? '').toLowerCase();
    // listed as host:port, or as a host (any port)
    const insecure = this.opts.insecureHosts.includes(host) || this.opts.insecureHosts.includes(host.replace(/:\d+$/, ''));
    const url = didWebDocumentUrl(did, { insecureHttp: insecure });
    const key = `${did} ${createHash('sha256').update(caPem).digest('hex')}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < (this.opts.cacheMs ?? 60_000)) return hit.anchor;
    const at = new Date().toISOString();
    let anchor: DidAnchor;
    if (!url) anchor = { did, url: '', status: 'invalid', checkedAt: at };
    else {
      let text: string | null = null;
      try {
        text = await fetchGuarded(url, insecure);
      } catch {
        anchor = { did, url, status: 'unreachable', checkedAt: at };
      }
      if (text !== null) anchor = { did, url, status: namesKey(text, did, caPem), checkedAt: at };
    }
    this.cache.set(key, { at: Date.now(), anchor: anchor! });
    return anchor!;
  }
}

/** Whether a DID document (text) for `did` lists a verification method whose JWK is the CA certificate's key. */
function namesKey(text: string, did: string, caPem: string): DidAnchor['status'] {
  let doc: Partial<DidDocument>;
  try {
    doc = JSON.parse(text) as Partial<DidDocument>;
  } catch {
    return 'invalid';
  }
  if (doc.id !== did || !Array.isArray(doc.verificationMethod)) return 'invalid';
  const ca = new X509Certificate(caPem).publicKey.export({ format: 'jwk' }) as Record<string, string>;
  const named = doc.verificationMethod.some((m) => {
    const k = m?.publicKeyJwk as Record<string, unknown> | undefined;
    return !!k && k.kty === 'EC' && k.crv === ca.crv && k.x === ca.x && k.y === ca.y;
  });
  return named ? 'matches' : 'mismatch';
}

/** The seals of a company's certificate history (current first), for its DID document. */
export const sealsOf = (history: Array<{ caPem: string; sealPem: string | null }>): SealOfRecord[] =>
  history.flatMap((h) => (h.sealPem ? [{ caPem: h.caPem, sealPem: h.sealPem }] : []));
