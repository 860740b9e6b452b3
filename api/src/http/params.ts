import { Router } from 'express';
import { AppError } from '@grain/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A level of a certificate: `<certificate uuid>-L<position>`. */
const LEVEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-L\d{1,2}$/i;

const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

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
  id: (v) => UUID.test(v) || LEVEL_ID.test(v),
  companyId: (v) => UUID.test(v),
  complianceId: (v) => UUID.test(v),
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
