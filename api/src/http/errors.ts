import type { ErrorRequestHandler, Request } from 'express';
import { AppError, isAppError, message, MESSAGES, type Language, type MessageCode } from '@grain/domain';
import { langOf } from './lang';
import { badRequest } from './input-guards';

/** Throw from a handler: the error middleware answers `{ invalidMsg, code, details }`. */
export const fail = (code: MessageCode, details?: unknown): never => {
  throw new AppError(code, details);
};

/** A zod error of any zod copy in node_modules (domain schemas bring their own zod). */
interface ZodLike {
  name: 'ZodError';
  issues: Array<{ path: PropertyKey[]; message: string; code?: string }>;
}
const isZodError = (e: unknown): e is ZodLike =>
  typeof e === 'object' && e !== null && (e as { name?: string }).name === 'ZodError' && Array.isArray((e as ZodLike).issues);

const endsAtColon = (text: string) => /:\s*$/.test(text);

interface FieldIssue {
  path: string;
  code: MessageCode;
  /** Why the field was refused, when its code is the generic INVALID_INPUT. */
  reason?: MessageCode;
}

/** What a zod issue without a message code of its own says about the field. */
function reasonOf(issue: ZodLike['issues'][number]): MessageCode {
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/i.test(issue.message) ? 'WHY_REQUIRED' : 'WHY_WRONG_TYPE';
    case 'too_big':
      return 'WHY_TOO_BIG';
    case 'too_small':
      return 'WHY_TOO_SMALL';
    case 'unrecognized_keys':
      return 'WHY_UNKNOWN_FIELD';
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_literal':
      return 'WHY_NOT_ACCEPTED_VALUE';
    default:
      return 'WHY_INVALID';
  }
}

/** zod issues whose message is a message code become that code's text; the first one leads. */
export function zodToAppError(e: { issues: ZodLike['issues'] }): AppError {
  const fields: FieldIssue[] = e.issues.map((i) => {
    const path = i.path.map(String).join('.');
    if (!(i.message in MESSAGES)) return { path, code: 'INVALID_INPUT', reason: reasonOf(i) };
    const code = i.message as MessageCode;
    // A code whose text only opens a sentence ("Please correct data: ") gets the reason to finish it.
    return endsAtColon(message(code)) ? { path, code, reason: reasonOf(i) } : { path, code };
  });
  return new AppError(fields[0]?.code ?? 'INVALID_INPUT', { fields });
}

/** PostgreSQL's "data exception" class: a value the database refused, which only a request can carry. */
const isDatabaseValueError = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { code?: unknown }).code === 'string' &&
  /^22[0-9A-Z]{3}$/.test((e as { code: string }).code) &&
  'severity' in e;

/** The errors of Express and its body and multipart parsers that describe the request, not the server. */
function clientError(err: { type?: string; status?: number; statusCode?: number; code?: string; message?: string }): AppError | undefined {
  if (err.type === 'entity.parse.failed') return badRequest('WHY_BODY_NOT_JSON', 'malformed JSON');
  if (err.type === 'entity.too.large' || err.code === 'LIMIT_FILE_SIZE') return new AppError('FILE_TOO_LARGE');
  if (err.type === 'charset.unsupported') return new AppError('UNSUPPORTED_CHARSET');
  if (err.type === 'encoding.unsupported') return new AppError('UNSUPPORTED_ENCODING');
  if (err instanceof URIError) return badRequest('WHY_BAD_PATH');
  const status = err.status ?? err.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return status === 415 ? new AppError('UNSUPPORTED_CHARSET') : badRequest('WHY_FORM_UNREADABLE', err.message);
  return undefined;
}

/** The text of a refusal: a generic "please correct" message names the field and what is wrong with it. */
export function errorText(e: AppError, lang: Language): string {
  const text = e.text(lang);
  if (!endsAtColon(text)) return text;
  const first = (e.details as { fields?: FieldIssue[] } | undefined)?.fields?.[0];
  const reason = (e.details as { reason?: MessageCode } | undefined)?.reason;
  if (first) return `${text}${first.path || message('WHY_BODY', lang)} — ${message(first.reason ?? first.code, lang)}`;
  return `${text}${message(reason ?? 'WHY_INVALID', lang)}`;
}

/** Seconds a client should wait before retrying a 503: long enough for a restarted worker to poll again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A 503 tells the client when to try again, as does a refusal that states its own wait (a throttle's
 * `retryAfterSeconds`); every other refusal is final for the same request.
 */
export function setRetryHint(res: { setHeader(name: string, value: string): unknown }, e: AppError): void {
  const stated = (e.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof stated === 'number' && stated > 0) res.setHeader('Retry-After', String(Math.ceil(stated)));
  else if (e.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
}

/** The one error middleware: AppError code -> HTTP status and the user's message (en / vn). */
export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  let e: AppError;
  if (isAppError(err)) e = err;
  else if (isZodError(err)) e = zodToAppError(err);
  else if (isDatabaseValueError(err)) {
    // The statement is left out on purpose: the log names the request, not the query or its values.
    console.warn(`[api] ${req.requestId ?? '-'} ${req.method} ${req.path}: database refused a value (${(err as { code: string }).code})`);
    e = new AppError('INVALID_INPUT', { reason: 'WHY_INVALID' });
  } else {
    const refused = err && typeof err === 'object' ? clientError(err) : undefined;
    if (refused) e = refused;
    else {
      console.error(`[api] ${req.requestId ?? '-'} ${req.method} ${req.path}:`, err);
      e = new AppError('INTERNAL');
    }
  }
  const lang = langOf(req);
  setRetryHint(res, e);
  const details = e.details as { fields?: FieldIssue[] } | undefined;
  const fields = details?.fields?.map((f) => ({ ...f, message: message(f.reason ?? f.code, lang) }));
  res.status(e.status).json({ invalidMsg: errorText(e, lang), code: e.code, ...(fields ? { fields } : {}), ...(details && !fields ? { details } : {}) });
};

export type { Request };
