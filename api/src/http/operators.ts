/**
 * The platform's operators: the people who run this deployment for every tenant (PLATFORM_OPERATORS,
 * e-mail addresses), not any company's admin. They verify companies' identities, see the health details
 * and get the link to the Temporal UI, which shows every tenant's workflows.
 */
import type { Request } from 'express';
import type { ApiDeps } from '../deps';
import { actorOf, attachSession, denyAccess } from './auth-middleware';

/** Whether the signed-in user (if any) is a platform operator. */
export async function isPlatformOperator(deps: { config: Pick<ApiDeps['config'], 'platformOperators'> }, req: Request): Promise<boolean> {
  await attachSession(req);
  return !!req.user && deps.config.platformOperators.includes(req.user.email.toLowerCase());
}

/** 401 without a session, 403 (logged) unless the caller is a platform operator; answers their e-mail. */
export async function requireOperator(deps: Pick<ApiDeps, 'config'>, req: Request): Promise<string> {
  await attachSession(req);
  actorOf(req);
  if (!(await isPlatformOperator(deps, req))) await denyAccess(req, { reason: 'not a platform operator' });
  return req.user!.email.toLowerCase();
}
