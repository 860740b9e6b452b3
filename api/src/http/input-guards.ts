import type { Request } from 'express';
import { AppError } from '@grain/domain';

/** A 400 whose message says what is wrong with the request as a whole. */
export const badRequest = (reason: 'WHY_BAD_PATH' | 'WHY_NUL_BYTE' | 'WHY_BODY_NOT_JSON' | 'WHY_FORM_UNREADABLE', explanation?: string) =>
  new AppError('INVALID_INPUT', { reason }, explanation);

const pathOf = (url: string) => url.split('?', 1)[0];

/**
 * What refuses, before any router sees them, the requests no route could answer sensibly: a path
 * whose percent-encoding does not decode, and a body in an encoding or charset the server does not
 * read (only identity-encoded UTF-8 is accepted; a compressed body could also expand past the size
 * limit). Undefined when the request is readable; run by the edge (edge.ts) for every request.
 */
export function unreadableRequest(req: Request): AppError | undefined {
  try {
    decodeURIComponent(pathOf(req.originalUrl));
  } catch {
    return badRequest('WHY_BAD_PATH');
  }
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return new AppError('UNSUPPORTED_ENCODING');
  const type = req.headers['content-type'];
  if (!type) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
  if (charset && /json/i.test(type) && charset !== 'utf-8' && charset !== 'utf8') return new AppError('UNSUPPORTED_CHARSET');
  return undefined;
}

function holdsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 20 || v === null || typeof v !== 'object') return false;
  return Object.entries(v).some(([k, x]) => k.includes('\u0000') || holdsNul(x, depth + 1));
}

/**
 * No text the product stores or searches may hold a NUL character (PostgreSQL text cannot), so a NUL
 * anywhere in the path, the query or a JSON body is the client's mistake, answered before it reaches SQL.
 * The path and the query are read as sent: the query parser decodes only percent-escapes (and `+`), so
 * a NUL in a parsed name or value was `%00` in the URL (Node's parser refuses a raw NUL byte) — read
 * without parsing the query, which Express does again at every read of req.query.
 */
export function nulInRequest(req: Request): AppError | undefined {
  if (req.originalUrl.includes('%00') || holdsNul(req.body)) return badRequest('WHY_NUL_BYTE');
  return undefined;
}
