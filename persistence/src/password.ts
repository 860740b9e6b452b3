import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptRaw = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
// scrypt with N=2^15, r=8: ~100 ms and 32 MiB per hash on this class of machine (a slow KDF on purpose).
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * scrypt runs on libuv's thread pool, shared with file reads, zlib and DNS lookups. Unbounded, a burst
 * of logins queues every other pool job behind all the hashes (and holds 32 MiB each); at most half the
 * pool hashes at once, the rest wait here in order.
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const MAX_CONCURRENT_HASHES = Math.max(1, Math.floor(POOL_SIZE / 2));
let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(pw: string, salt: Buffer, len: number, opts: object): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await scryptRaw(pw, salt, len, opts);
  } finally {
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** `scrypt$N$r$p$salt$hash`, all base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(expected, actual);
}
