import type { Express } from 'express';
import request from 'supertest';
import type { Knex } from 'knex';
import { PERMISSIONS, type Permission } from '@grain/domain';
import { createStores, hashPassword } from '@grain/persistence';
import { createTestCompany, createVerifiedTestCompany } from '@grain/persistence/testing';

/** The Origin every same-site test request carries (the cross-site guard refuses requests without one). */
export const TEST_ORIGIN = 'http://127.0.0.1:3000';

export type Agent = ReturnType<typeof request.agent>;

/** A cookie-keeping supertest agent that sends Origin on every request. */
export function browserAgent(app: Express): Agent {
  return request.agent(app).set('Origin', TEST_ORIGIN);
}

/** Signs in through POST /api/auth/login and returns the agent holding the session cookie. */
export async function loginAs(app: Express, email: string, password: string): Promise<Agent> {
  const agent = browserAgent(app);
  const res = await agent.post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`loginAs ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

export const TEST_PASSWORD = 'Grain#2025pass';

export interface SeededCompany {
  companyId: string;
  /** Users by role name, each with TEST_PASSWORD. */
  users: Record<string, { id: string; email: string; role: string }>;
  groups: Record<string, string>;
}

/** Groups of the test company; admin needs none (role admin holds every permission). */
const TEST_GROUPS: Record<string, Permission[]> = {
  manager: [
    'manageApproval',
    'viewSystem',
    'editInfo',
    'viewInfo',
    'editApproval',
    'viewApproval',
    'deleteApproval',
    'editDocument',
    'viewDocument',
    'signApproval',
    'signDocument',
    'createCorrectiveAction',
    'ownCorrectiveAction',
    'verifyCorrectiveAction',
    'viewCorrectiveAction',
  ],
  staff: ['viewInfo', 'editInfo', 'viewApproval', 'viewDocument', 'editDocument', 'ownCorrectiveAction', 'viewCorrectiveAction'],
  signer: ['viewInfo', 'editInfo', 'viewApproval', 'viewDocument', 'signApproval', 'signDocument', 'verifyCorrectiveAction', 'viewCorrectiveAction'],
};

/**
 * A company straight in the database (fast: no HTTP), with groups and one user per role, e.g.
 * seedCompanyWithUsers(knex, 'Acme', ['admin', 'manager', 'staff', 'signer']); emails are
 * `<role>@<slug>.test`. Extra roles get a group with `extraGroups[role]` (default viewInfo).
 */
export async function seedCompanyWithUsers(
  k: Knex,
  name: string,
  roles: string[] = ['admin', 'manager', 'staff', 'signer'],
  extraGroups: Record<string, Permission[]> = {},
  opts: { verified?: boolean } = {},
): Promise<SeededCompany> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  // verified by the platform's operator unless told otherwise: an unverified company cannot submit
  const company = opts.verified === false ? await createTestCompany(createStores(k), name) : await createVerifiedTestCompany(createStores(k), name);
  const groups: Record<string, string> = {};
  const groupStore = createStores(k).groups;
  for (const [g, perms] of Object.entries({ ...TEST_GROUPS, ...extraGroups })) {
    if (!roles.includes(g)) continue;
    groups[g] = (await groupStore.create(company.id, { groupName: g, status: 'active', roles: perms.filter((p) => PERMISSIONS.includes(p)) })).id;
  }
  const users: SeededCompany['users'] = {};
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (const role of roles) {
    if (role !== 'admin' && !groups[role]) groups[role] = (await groupStore.create(company.id, { groupName: role, status: 'active', roles: ['viewInfo'] })).id;
    const u = await createStores(k).users.create({
      email: `${role}@${slug}.test`,
      passwordHash,
      firstname: role[0].toUpperCase() + role.slice(1),
      lastname: name.replace(/[^\p{L} ]/gu, '') || 'Test',
      role,
      companyId: company.id,
    });
    users[role] = { id: u.id, email: u.email, role };
  }
  if (users.admin) await createStores(k).companies.update(company.id, { adminId: users.admin.id });
  return { companyId: company.id, users, groups };
}
