import type { Request } from 'express';
import { AppError, type Actor } from '@grain/domain';
import { actorOf } from './auth-middleware';

/** The caller and the company every query of theirs is scoped to; a user without a company has no data. */
export function scopeOf(req: Request): { actor: Actor; companyId: string } {
  const actor = actorOf(req);
  if (!actor.companyId) throw new AppError('ACCESS_DENIED');
  return { actor, companyId: actor.companyId };
}
