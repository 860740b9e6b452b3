/**
 * The one home of how private keys are wrapped at rest: the company CA and seal keys (under CA_KEY_SECRET)
 * and users' personal signing keys (under their signature password).
 *
 * A wrapped key is a standard encrypted PKCS#8 PEM ("ENCRYPTED PRIVATE KEY", PBES2): PBKDF2-HMAC-SHA256
 * at 600,000 iterations (OWASP's 2023 figure) and AES-256-CBC, so `openssl pkcs8 -in key.pem` reads it
 * and Node's createPrivateKey unwraps it. Node's own `export({ cipher, passphrase })` takes OpenSSL's
 * default count (2,048), which this replaces. Unwrapping a CA or seal key pays the KDF once per process:
 * `unwrapCached` keeps the unwrapped key in memory, so sealing and signing don't.
 */
import { createCipheriv, createDecipheriv, createHash, createPrivateKey, pbkdf2, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { der } from './x509';

/** PBKDF2-HMAC-SHA256 iterations of a new wrapping. */
export const KEY_WRAP_ITERATIONS = 600_000;

const OID = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSha256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
};

// The KDF runs on libuv's thread pool: 600,000 iterations take ~0.3 s, which the event loop must not wait.
const kdf = promisify(pbkdf2);

const pem = (label: string, body: Buffer) =>
  `-----BEGIN ${label}-----\n${body
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END ${label}-----\n`;

/** Wraps `key` under `passphrase` (PBES2: PBKDF2-HMAC-SHA256 600,000, AES-256-CBC). */
export async function wrapPrivateKey(key: KeyObject, passphrase: string, iterations = KEY_WRAP_ITERATIONS): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const kek = await kdf(Buffer.from(passphrase, 'utf8'), salt, iterations, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', kek, iv);
  const encrypted = Buffer.concat([cipher.update(key.export({ type: 'pkcs8', format: 'der' })), cipher.final()]);
  const algorithm = der.seq(
    der.oid(OID.pbes2),
    der.seq(
      der.seq(der.oid(OID.pbkdf2), der.seq(der.octets(salt), der.int(iterations), der.seq(der.oid(OID.hmacWithSha256), der.nul()))),
      der.seq(der.oid(OID.aes256Cbc), der.octets(iv)),
    ),
  );
  return pem('ENCRYPTED PRIVATE KEY', der.seq(algorithm, der.octets(encrypted)));
}

/** A DER element: its tag and content. */
interface Tlv {
  tag: number;
  body: Buffer;
}
function readTlv(b: Buffer, at = 0): Tlv & { end: number } {
  const tag = b[at];
  let len = b[at + 1];
  let i = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n < 1 || n > 3) throw new Error('DER length');
    len = b.readUIntBE(i, n);
    i += n;
  }
  if (i + len > b.length) throw new Error('DER truncated');
  return { tag, body: b.subarray(i, i + len), end: i + len };
}
function children(t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let i = 0; i < t.body.length;) {
    const c = readTlv(t.body, i);
    out.push(c);
    i = c.end;
  }
  return out;
}
const oidText = (t: Tlv) => {
  const out = [Math.floor(t.body[0] / 40), t.body[0] % 40];
  for (let i = 1, v = 0; i < t.body.length; i++) {
    v = v * 128 + (t.body[i] & 0x7f);
    if (!(t.body[i] & 0x80)) {
      out.push(v);
      v = 0;
    }
  }
  return out.join('.');
};

/** The PBES2 parameters of a wrapped key in the one scheme written here (PBKDF2-HMAC-SHA256, AES-256-CBC), or null. */
function pbes2Of(stored: string): { salt: Buffer; iterations: number; iv: Buffer; encrypted: Buffer } | null {
  try {
    const body = Buffer.from(stored.replace(/-----(BEGIN|END) ENCRYPTED PRIVATE KEY-----|\s+/g, ''), 'base64');
    const [alg, data] = children(readTlv(body));
    const [scheme, params] = children(alg);
    if (oidText(scheme) !== OID.pbes2) return null;
    const [kdfAlg, enc] = children(params);
    const [kdfOid, kdfParams] = children(kdfAlg);
    if (oidText(kdfOid) !== OID.pbkdf2) return null;
    const [salt, count, ...rest] = children(kdfParams);
    const prf = rest.find((x) => x.tag === 0x30);
    if (salt.tag !== 0x04 || count.tag !== 0x02 || count.body.length > 6) return null;
    if (!prf || oidText(children(prf)[0]) !== OID.hmacWithSha256) return null;
    const [encOid, iv] = children(enc);
    if (oidText(encOid) !== OID.aes256Cbc || iv.tag !== 0x04 || data.tag !== 0x04) return null;
    return { salt: salt.body, iterations: count.body.readUIntBE(0, count.body.length), iv: iv.body, encrypted: data.body };
  } catch {
    return null;
  }
}

/** How a stored key is wrapped: plaintext, or encrypted with this many KDF iterations (0: another scheme). */
export function wrapStrength(stored: string): { encrypted: false } | { encrypted: true; iterations: number } {
  if (!/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(stored)) return { encrypted: false };
  return { encrypted: true, iterations: pbes2Of(stored)?.iterations ?? 0 };
}

/** Whether a stored key is plaintext or wrapped below today's cost, and so is to be wrapped again. */
export const needsRewrap = (stored: string) => {
  const s = wrapStrength(stored);
  return !s.encrypted || s.iterations < KEY_WRAP_ITERATIONS;
};

/** Refused by unwrapPrivateKey: the passphrase does not open the key. */
class WrongKeyPassphrase extends Error {
  constructor() {
    super('the passphrase does not open this key');
    this.name = 'WrongKeyPassphrase';
  }
}

/**
 * Unwraps a stored key: the KDF on the thread pool, then AES-256-CBC here (a key in another scheme goes
 * to OpenSSL as it is). A plaintext key, from before wrapping was required, reads as it is. A wrong
 * passphrase throws WrongKeyPassphrase.
 */
export async function unwrapPrivateKey(stored: string, passphrase?: string): Promise<KeyObject> {
  if (!wrapStrength(stored).encrypted) return createPrivateKey(stored);
  const p = pbes2Of(stored);
  try {
    if (!p) return createPrivateKey({ key: stored, format: 'pem', passphrase: passphrase ?? '' });
    const kek = await kdf(Buffer.from(passphrase ?? '', 'utf8'), p.salt, p.iterations, 32, 'sha256');
    const decipher = createDecipheriv('aes-256-cbc', kek, p.iv);
    return createPrivateKey({ key: Buffer.concat([decipher.update(p.encrypted), decipher.final()]), format: 'der', type: 'pkcs8' });
  } catch {
    throw new WrongKeyPassphrase();
  }
}

const cache = new Map<string, Promise<KeyObject>>();
const CACHE_SIZE = 1000;

/**
 * `unwrapPrivateKey` once per process for a CA or seal key: the unwrapped key is kept in memory, keyed by
 * a digest of the stored text and the secret (so a key wrapped again, or another secret, is unwrapped anew).
 */
export function unwrapCached(stored: string, secret?: string): Promise<KeyObject> {
  const id = createHash('sha256')
    .update(secret ?? '')
    .update('\0')
    .update(stored)
    .digest('base64');
  const hit = cache.get(id);
  if (hit) return hit;
  const key = unwrapPrivateKey(stored, secret);
  key.catch(() => cache.delete(id));
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(id, key);
  return key;
}
