import { AppError } from '@grain/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/**
 * A route parameter that names a stored object by id: anything but a uuid names nothing, so it is
 * answered 404 before it can reach a uuid column (where the database would refuse it as an error).
 */
export function uuidParam(v: unknown): string {
  if (!isUuid(v)) throw new AppError('NOT_FOUND');
  return v.toLowerCase();
}
