import { hash } from 'node:crypto';

const EMPTY = 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

/**
 * Express's weak ETag, the same text (W/"<byte length, hex>-<SHA-1, base64, first 27>", as the etag
 * package writes it), made with Node's one-shot hash instead of a Hash object per answer: the list's
 * 13 KB answers spent 2 % of the API's CPU creating and finishing those objects (bench/RESULTS.md).
 * app.ts sets it as the app's 'etag' function.
 */
export function weakETag(body: Buffer | string, encoding?: BufferEncoding): string {
  const buf = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  if (buf.length === 0) return EMPTY;
  return `W/"${buf.length.toString(16)}-${hash('sha1', buf, 'base64').slice(0, 27)}"`;
}
