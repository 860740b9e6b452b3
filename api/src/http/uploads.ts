import multer from 'multer';
import type { RequestHandler } from 'express';
import { AppError } from '@grain/domain';
import { badRequest } from './input-guards';

/**
 * One file field held in memory, at most `maxBytes`. The client's full file name is kept (preservePath)
 * so a name with path parts can be refused rather than silently cut to its last part. Multer's own errors become AppErrors, so the
 * caller sees FILE_TOO_LARGE or INVALID_INPUT, never a 500.
 */
export function singleFile(field: string, maxBytes: number): RequestHandler {
  const m = multer({ storage: multer.memoryStorage(), preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 200_000, parts: 30 } }).single(field);
  return (req, res, next) =>
    m(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return next(new AppError('FILE_TOO_LARGE'));
      // busboy refuses a malformed multipart body (e.g. a NUL in a part header): the request is bad, not the server.
      next(badRequest('WHY_FORM_UNREADABLE', (err as Error)?.message));
    });
}
