import type { Request } from 'express';
import { AppError, type Actor } from '@grain/domain';
import { actorOf } from '../http/auth-middleware';
import { zodToAppError } from '../http/errors';

/** The caller and the company every query of theirs is scoped to; a user without a company has no data. */
export function scopeOf(req: Request): { actor: Actor; companyId: string } {
  const actor = actorOf(req);
  if (!actor.companyId) throw new AppError('ACCESS_DENIED');
  return { actor, companyId: actor.companyId };
}

/** Express 5 forwards rejected promises itself; this only narrows a route parameter to a uuid. */
export function uuidParam(v: unknown): string {
  if (typeof v !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) throw new AppError('NOT_FOUND');
  return v.toLowerCase();
}

/**
 * Parses with a schema from any zod copy: the domain package's schemas come from its own zod (v4),
 * which the shared error middleware's `instanceof ZodError` does not recognise, so the issues are
 * turned into the AppError here.
 */
export function parseWith<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } } }, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw zodToAppError(r.error as unknown as Parameters<typeof zodToAppError>[0]);
}
