import type { Language } from './constants';
import { message, type MessageCode } from './messages';

/** HTTP status for every failure code; codes not listed are 400 (a refused request). */
export const ERROR_STATUS: Partial<Record<MessageCode, number>> = {
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  ACCOUNT_INACTIVE: 403,
  ACCESS_DENIED: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  ACTION_WRONG_STATE: 409,
  ACTION_CLOSED: 409,
  ACTION_ALREADY_EXISTS: 409,
  ACTION_EVIDENCE_LOCKED: 409,
  ACTION_NOT_OWNER: 403,
  ACTION_OWNER_CANNOT_VERIFY: 403,
  COMPLIANCE_CREATE_GONE: 410,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  GROUP_NAME_TAKEN: 409,
  COMPANY_EXISTS: 409,
  COMPANY_REQUIRED: 403,
  DUPLICATE_NUMBER: 409,
  FARM_RECORD_IN_USE: 409,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_REJECTED: 415,
  UNSUPPORTED_CHARSET: 415,
  UNSUPPORTED_ENCODING: 415,
  LOGIN_THROTTLED: 429,
  REGISTER_THROTTLED: 429,
  EMAIL_CHANGE_THROTTLED: 429,
  LAST_ADMIN: 409,
  NOT_ISSUED: 409,
  ALREADY_REVOKED: 409,
  SIGNATURE_EXISTS: 409,
  PASSKEY_EXISTS: 409,
  SEAL_NOT_READY: 409,
  PDF_PENDING: 409,
  OTP_LOCKED: 429,
  OTP_REQUESTS_THROTTLED: 429,
  REMINDED_RECENTLY: 429,
  PUBLIC_THROTTLED: 429,
  ISSUER_UNVERIFIED: 409,
  IDENTITY_MISMATCH: 409,
  REGISTRATION_TAKEN: 409,
  UNAVAILABLE: 503,
  APPROVAL_SERVICE_BUSY: 503,
  INTERNAL: 500,
};

/**
 * A failure with a stable code. The API's error middleware turns it into
 * `{ invalidMsg, code, details }` with the status from ERROR_STATUS, in the caller's language.
 */
export class AppError extends Error {
  constructor(
    public readonly code: MessageCode,
    public readonly details?: unknown,
    explanation?: string,
  ) {
    super(explanation ?? code);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code] ?? 400;
  }
  text(lang: Language = 'en'): string {
    return message(this.code, lang);
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AppError');
}

/** The failure type a refusal travels as through Temporal; workflows list it as non-retryable. */
export const APP_ERROR_FAILURE_TYPE = 'AppError';

/**
 * The ApplicationFailure a refusal becomes in a workflow or an activity (the domain knows no Temporal,
 * so both build the failure from these options): non-retryable, the message code as its message.
 */
export function appErrorFailureOptions(e: AppError): { type: string; message: string; nonRetryable: true; details: unknown[] } {
  return { type: APP_ERROR_FAILURE_TYPE, message: e.code, nonRetryable: true, details: [e.details ?? null] };
}
