import type { Request } from 'express';
import { AppError, type Actor } from '@grain/domain';
import { actorOf } from './auth-middleware';

/** The caller and the company every query of theirs is scoped to; a user without a company has no data. */
export function scopeOf(req: Request): { actor: Actor; companyId: string } {
  const actor = actorOf(req);
  if (!actor.companyId) throw new AppError('ACCESS_DENIED');
  return { actor, companyId: actor.companyId };
}

/**
 * The company an accounts call acts in. An admin who registered has none until they create it, and is
 * told so (COMPANY_REQUIRED sends the UI to the company form), where the data calls above answer
 * ACCESS_DENIED.
 */
export function companyRequired(a: Actor): string {
  if (!a.companyId) throw new AppError('COMPANY_REQUIRED');
  return a.companyId;
}
