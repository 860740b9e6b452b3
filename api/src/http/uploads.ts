import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multer from 'multer';
import type { RequestHandler } from 'express';
import { AppError } from '@grain/domain';
import { badRequest } from './input-guards';

let tempDir: string | undefined;

/** Where uploads of this process wait while their request runs: one private directory, made on first use. */
export function uploadTempDir(): string {
  tempDir ??= mkdtempSync(path.join(os.tmpdir(), 'grain-uploads-'));
  return tempDir;
}

const toDisk = multer.diskStorage({
  destination: (_req, _file, cb) => cb(null, uploadTempDir()),
  // The client's name never becomes a path: the temp file gets a generated one.
  filename: (_req, _file, cb) => cb(null, randomUUID()),
});

/**
 * One file field streamed to a temp file (`req.file.path`), at most `maxBytes`: the limit is enforced
 * while the bytes arrive, so a too-large upload is cut off without being held in memory. The temp file
 * is removed when the answer has gone out (or the client went away), whatever the handler did; on a
 * refused upload multer removes it itself. The client's full file name is kept (preservePath) so a
 * name with path parts can be refused rather than silently cut to its last part. Multer's own errors
 * become AppErrors, so the caller sees FILE_TOO_LARGE or INVALID_INPUT, never a 500.
 */
export function singleFile(field: string, maxBytes: number): RequestHandler {
  const m = multer({ storage: toDisk, preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 200_000, parts: 30 } }).single(field);
  return (req, res, next) =>
    m(req, res, (err: unknown) => {
      const saved = req.file?.path;
      if (saved) {
        const remove = () => void unlink(saved).catch(() => undefined);
        if (res.closed) remove();
        else res.once('close', remove);
      }
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return next(new AppError('FILE_TOO_LARGE'));
      // busboy refuses a malformed multipart body (e.g. a NUL in a part header): the request is bad, not the server.
      next(badRequest('WHY_FORM_UNREADABLE', (err as Error)?.message));
    });
}
