import { Router } from 'express';
import type { Feature } from '../features';
import { bindAuth } from '../http/auth-middleware';
import { createCrossSiteGuard } from '../http/security';
import { createAuthRouter } from './auth-router';
import { createPasswordResetRouter } from './password-reset';
import { createCompanyRouter } from './company-router';
import { createUsersRouter } from './users-router';
import { createGroupsRouter } from './groups-router';
import { createSignatureRouter } from './signature-router';

/** Accounts (issue 4): auth, company profile, addresses, users, groups and signatures under /api. */
export const createAccountsFeature: Feature = (deps) => {
  const bind = bindAuth(deps.knex);
  const guard = createCrossSiteGuard(deps);
  const r = Router();
  r.use(bind, guard);
  r.use(createAuthRouter(deps));
  r.use(createPasswordResetRouter(deps));
  r.use(createCompanyRouter(deps));
  r.use(createUsersRouter(deps));
  r.use(createGroupsRouter(deps));
  r.use(createSignatureRouter(deps));
  // /openai gets the same guard and session binding; its own routes come from the AI feature.
  const openai = Router();
  openai.use(bind, guard);
  return { api: r, '/openai': openai };
};
