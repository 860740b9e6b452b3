import { Router } from 'express';
import { AppError, isLevelId, isUuid } from '@grain/domain';

/**
 * A route parameter that names a stored object by id: anything but a uuid names nothing, so it is
 * answered 404 before it can reach a uuid column (where the database would refuse it as an error).
 */
export function uuidParam(v: unknown): string {
  if (!isUuid(v)) throw new AppError('NOT_FOUND');
  return v.toLowerCase();
}

/** The path parameters that name stored objects, and what each may look like. */
const ID_PARAMS: Record<string, (v: string) => boolean> = {
  id: (v) => isUuid(v) || isLevelId(v),
  companyId: isUuid,
  complianceId: isUuid,
  /** A certificate's SHA-256 fingerprint, hex (the company's seal). */
  fingerprint: (v) => /^[0-9a-fA-F]{64}$/.test(v),
};

/**
 * The router every feature builds its routes on: a path id of the wrong form is answered 404 NOT_FOUND
 * before the handler runs (before its body is read or checked), the same answer as an id nobody has.
 */
export function featureRouter(): Router {
  const r = Router();
  for (const [name, valid] of Object.entries(ID_PARAMS)) {
    r.param(name, (_req, _res, next, value: string) => next(valid(value) ? undefined : new AppError('NOT_FOUND')));
  }
  return r;
}
