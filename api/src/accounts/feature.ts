import { featureRouter } from '../http/params';
import type { Feature } from '../http/feature';
import { createAuthRouter } from './auth-router';
import { createPasswordResetRouter } from './password-reset';
import { createCompanyRouter } from './company-router';
import { createUsersRouter } from './users-router';
import { createGroupsRouter } from './groups-router';
import { createSignatureRouter } from './signature-router';

/** Accounts: auth, company profile, addresses, users, groups and signatures under /api. */
export const accountsFeature: Feature = {
  apiPaths: [
    'auth',
    'company/profile',
    'company/address',
    'company/addresses',
    'company/user',
    'company/users',
    'company/group',
    'company/groups',
    'company/signature',
  ],
  mount: ({ stores, adapters, config }) => {
    const deps = { stores, adapters, config };
    const r = featureRouter();
    r.use(createAuthRouter(deps));
    r.use(createPasswordResetRouter(deps));
    r.use(createCompanyRouter(deps));
    r.use(createUsersRouter(deps));
    r.use(createGroupsRouter(deps));
    r.use(createSignatureRouter(deps));
    return { api: r };
  },
};
