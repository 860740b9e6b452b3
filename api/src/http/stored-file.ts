import type { Request, Response } from 'express';
import type { FileStorage } from '@grain/adapters';
import { contentDisposition, INLINE_TYPES, type UploadExt } from './file-checks';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/** A stored upload as its store describes it. */
export interface ServedFile {
  storageKey: string;
  originalName: string;
  ext: string;
  mime: string;
  size?: number;
}

/**
 * Streams a stored upload: inline only for types that cannot carry script (pdf, png, gif), always with
 * the type its content proved at upload; everything else, or ?download=1, as an attachment.
 */
export function sendStoredFile(req: Request, res: Response, storage: FileStorage, f: ServedFile, opts: { framedByUs?: boolean } = {}): void {
  const inline = req.query.download === undefined && INLINE_TYPES.has(f.ext as UploadExt);
  res.setHeader('Content-Type', f.mime);
  res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', f.originalName));
  if (f.size !== undefined) res.setHeader('Content-Length', String(f.size));
  res.setHeader('Cache-Control', 'private, no-store');
  if (f.ext !== 'pdf') res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  // A PDF the certificate holds is previewed in a frame of our own pages (the sign dialog, the detail
  // page): that answer, and only it, may be framed by our own origin; every other answer stays unframeable.
  else if (opts.framedByUs && inline) {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  }
  const stream = storage.stream(f.storageKey);
  stream.on('error', (e) => (res.headersSent ? res.destroy(e) : res.status(404).end()));
  stream.pipe(res);
}
