import type { ErrorRequestHandler, Request } from 'express';
import { AppError, isAppError, message, MESSAGES, type MessageCode } from '@grain/domain';
import { langOf } from './lang';

/** Throw from a handler: the error middleware answers `{ invalidMsg, code, details }`. */
export const fail = (code: MessageCode, details?: unknown): never => {
  throw new AppError(code, details);
};

/** zod issues whose message is a message code become that code's text; the first one leads. */
/** A zod error of any zod copy in node_modules (domain schemas bring their own zod). */
interface ZodLike {
  name: 'ZodError';
  issues: Array<{ path: PropertyKey[]; message: string }>;
}
const isZodError = (e: unknown): e is ZodLike =>
  typeof e === 'object' && e !== null && (e as { name?: string }).name === 'ZodError' && Array.isArray((e as ZodLike).issues);

export function zodToAppError(e: ZodLike): AppError {
  const fields = e.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    code: (i.message in MESSAGES ? i.message : 'INVALID_INPUT') as MessageCode,
  }));
  return new AppError(fields[0]?.code ?? 'INVALID_INPUT', { fields });
}

/** The one error middleware: AppError code -> HTTP status and the user's message (en / vn). */
export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  let e: AppError;
  if (isAppError(err)) e = err as AppError;
  else if (isZodError(err)) e = zodToAppError(err);
  else if (err?.type === 'entity.parse.failed') e = new AppError('INVALID_INPUT', undefined, 'malformed JSON');
  else if (err?.type === 'entity.too.large' || err?.code === 'LIMIT_FILE_SIZE') e = new AppError('FILE_TOO_LARGE');
  else {
    console.error(`[api] ${req.method} ${req.originalUrl}:`, err);
    e = new AppError('INTERNAL');
  }
  const lang = langOf(req);
  const details = e.details as { fields?: Array<{ path: string; code: MessageCode }> } | undefined;
  const fields = details?.fields?.map((f) => ({ ...f, message: message(f.code, lang) }));
  res.status(e.status).json({ invalidMsg: e.text(lang), code: e.code, ...(fields ? { fields } : {}), ...(details && !fields ? { details } : {}) });
};

export type { Request };
