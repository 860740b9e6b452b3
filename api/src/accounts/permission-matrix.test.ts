import { randomUUID } from 'node:crypto';
import { hashPassword, type Stores } from '@grain/persistence';
import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * Every accounts endpoint × every role (admin, manager, staff, signer, anonymous) × an object of the
 * caller's own company and of a foreign one. Permission is checked before scope, so a role lacking
 * the permission gets 403 either way; a foreign object is 404 for whoever may act at all.
 */
type Role = 'admin' | 'manager' | 'staff' | 'signer' | 'anonymous';
const ROLES: Role[] = ['admin', 'manager', 'staff', 'signer', 'anonymous'];
type Scope = 'own' | 'foreign';

interface Ids {
  companyId: string;
  userId: string;
  addressId: string;
  groupId: string;
  signatureId: string;
}
interface World {
  own: Ids;
  foreign: Ids;
  self: Record<Role, string>;
}

let t: TestApp;
let world: World;
const agents = {} as Record<Role, Agent>;
let seq = 0;

async function companyObjects(stores: Stores, co: SeededCompany): Promise<Ids> {
  const target = await stores.users.create({
    email: `target-${randomUUID().slice(0, 8)}@matrix.test`,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstname: 'Target',
    lastname: 'User',
    role: 'staff',
    companyId: co.companyId,
  });
  const company = (await stores.companies.byId(co.companyId))!;
  const address = await stores.companies.createAddress(
    { companyId: co.companyId, userId: target.id },
    { street: '9 Test Street', suburb: 'Griffith', city: '', state: 'NSW', postcode: '2680', province: null, country: 'Australia' },
  );
  const group = await stores.groups.create(co.companyId, { groupName: 'extra', status: 'active', roles: ['viewInfo'] });
  const signature = await stores.signatures.issue({ user: target, company }, 'Sig#nature1', '2026-01-01');
  return { companyId: co.companyId, userId: target.id, addressId: address.id, groupId: group.id, signatureId: signature.id };
}

/** A fresh user to delete, so each delete case has something to act on. */
async function freshUser(stores: Stores, companyId: string) {
  return (
    await stores.users.create({ email: `doomed-${++seq}@matrix.test`, passwordHash: 'x', firstname: 'Doomed', lastname: 'User', role: 'staff', companyId })
  ).id;
}

interface Case {
  name: string;
  method: 'get' | 'post';
  path: (ids: Ids, role: Role) => string | Promise<string>;
  body?: () => object;
  /** Status per role: one number for calls without an object id, [own, foreign] otherwise. */
  expect: Record<Role, number | [number, number]>;
}
const all = (n: number | [number, number], anon = 401): Case['expect'] => ({ admin: n, manager: n, staff: n, signer: n, anonymous: anon });
const only = (ok: Array<Role>, yes: number | [number, number], no: number | [number, number] = 403): Case['expect'] =>
  Object.fromEntries(ROLES.map((r) => [r, r === 'anonymous' ? 401 : ok.includes(r) ? yes : no])) as Case['expect'];

const CASES: Case[] = [
  { name: 'GET auth/login', method: 'get', path: () => '/api/auth/login', expect: all(200, 200) },
  { name: 'GET auth/current_user', method: 'get', path: () => '/api/auth/current_user', expect: all(200) },
  { name: 'GET company/profile/:id', method: 'get', path: (i) => `/api/company/profile/${i.companyId}`, expect: all([200, 404]) },
  { name: 'POST company/profile/create', method: 'post', path: () => '/api/company/profile/create', body: () => ({ name: 'Another Co' }), expect: all(409) },
  {
    name: 'POST company/profile/:id/update',
    method: 'post',
    path: (i) => `/api/company/profile/${i.companyId}/update`,
    body: () => ({ name: 'Renamed Co' }),
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  { name: 'GET company/addresses', method: 'get', path: () => '/api/company/addresses', expect: all(200) },
  { name: 'GET company/address/:id', method: 'get', path: (i) => `/api/company/address/${i.addressId}`, expect: all([200, 404]) },
  {
    name: 'POST company/address/create',
    method: 'post',
    path: () => '/api/company/address/create',
    body: () => ({ street: '5 New Road', suburb: 'Leeton', state: 'NSW', postcode: '2705', country: 'Australia' }),
    expect: only(['admin'], 201),
  },
  {
    name: 'POST company/address/:id/update',
    method: 'post',
    path: (i) => `/api/company/address/${i.addressId}/update`,
    body: () => ({ street: '9 Test Street', suburb: 'Griffith', state: 'NSW', postcode: '2680', country: 'Australia' }),
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  { name: 'GET company/users', method: 'get', path: () => '/api/company/users?page=1&pageSize=5', expect: only(['admin', 'manager'], 200) },
  { name: 'GET company/user/create', method: 'get', path: () => '/api/company/user/create', expect: only(['admin'], 200) },
  {
    name: 'POST company/user/create',
    method: 'post',
    path: () => '/api/company/user/create',
    body: () => ({ email: `new-${++seq}@matrix.test`, password: 'Harvest#2025', firstname: 'New', lastname: 'User', role: 'staff' }),
    expect: only(['admin'], 201),
  },
  { name: 'GET company/user/:id', method: 'get', path: (i) => `/api/company/user/${i.userId}`, expect: only(['admin', 'manager'], [200, 404], [403, 404]) },
  { name: 'GET company/user/:id/update', method: 'get', path: (i) => `/api/company/user/${i.userId}/update`, expect: only(['admin'], [200, 404], [403, 403]) },
  {
    name: 'POST company/user/:id/update',
    method: 'post',
    path: (i) => `/api/company/user/${i.userId}/update`,
    body: () => ({ firstname: 'Changed' }),
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  {
    name: 'GET company/user/:id/update_profile (another user)',
    method: 'get',
    path: (i) => `/api/company/user/${i.userId}/update_profile`,
    expect: all([403, 403]),
  },
  {
    name: 'POST company/user/:id/update_profile (another user)',
    method: 'post',
    path: (i) => `/api/company/user/${i.userId}/update_profile`,
    body: () => ({ firstname: 'Hacked' }),
    expect: all([403, 403]),
  },
  { name: 'GET company/user/:id/update_profile (self)', method: 'get', path: (_i, r) => `/api/company/user/${world.self[r]}/update_profile`, expect: all(200) },
  {
    name: 'POST company/user/:id/update_profile (self)',
    method: 'post',
    path: (_i, r) => `/api/company/user/${world.self[r]}/update_profile`,
    body: () => ({ phone: '+61400111222' }),
    expect: all(200),
  },
  {
    name: 'POST company/user/:id/update_password',
    method: 'post',
    path: (i) => `/api/company/user/${i.userId}/update_password`,
    body: () => ({ password: TEST_PASSWORD }),
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  {
    name: 'POST company/user/:id/delete',
    method: 'post',
    path: async (i) => `/api/company/user/${await freshUser(t.deps.stores, i.companyId)}/delete`,
    body: () => ({}),
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  {
    name: 'POST company/user/reset_password',
    method: 'post',
    path: () => '/api/company/user/reset_password',
    body: () => ({ email: 'nobody@matrix.test' }),
    expect: all(200, 200),
  },
  { name: 'GET company/groups', method: 'get', path: () => '/api/company/groups', expect: only(['admin', 'manager'], 200) },
  { name: 'GET company/group/create', method: 'get', path: () => '/api/company/group/create', expect: only(['admin'], 200) },
  {
    name: 'POST company/group/create',
    method: 'post',
    path: () => '/api/company/group/create',
    body: () => ({ groupName: `group ${++seq}` }),
    expect: only(['admin'], 201),
  },
  { name: 'GET company/group/:id', method: 'get', path: (i) => `/api/company/group/${i.groupId}`, expect: only(['admin', 'manager'], [200, 404], [403, 403]) },
  {
    name: 'GET company/group/:id/update',
    method: 'get',
    path: (i) => `/api/company/group/${i.groupId}/update`,
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  {
    name: 'POST company/group/:id/update',
    method: 'post',
    path: (i) => `/api/company/group/${i.groupId}/update`,
    body: () => ({ groupName: 'extra', roles: ['viewInfo'] }),
    expect: only(['admin'], [200, 404], [403, 403]),
  },
  { name: 'GET company/signature', method: 'get', path: () => '/api/company/signature', expect: all(200) },
  { name: 'GET company/signature/ca', method: 'get', path: () => '/api/company/signature/ca', expect: all(200) },
  {
    name: 'POST company/signature/create',
    method: 'post',
    path: () => '/api/company/signature/create',
    body: () => ({ password: 'Sig#nature2' }),
    expect: all(201),
  },
  {
    name: "GET company/signature/:id (another user's)",
    method: 'get',
    path: (i) => `/api/company/signature/${i.signatureId}`,
    expect: only(['admin', 'manager'], [200, 404], [403, 404]),
  },
  {
    name: "POST company/signature/:id/update (another user's)",
    method: 'post',
    path: (i) => `/api/company/signature/${i.signatureId}/update`,
    body: () => ({ password: 'Sig#nature3' }),
    expect: all([403, 404]),
  },
  {
    // an admin resets a user's key (its password is lost); last: it retires the key
    name: "POST company/signature/:id/reset (another user's)",
    method: 'post',
    path: (i) => `/api/company/signature/${i.signatureId}/reset`,
    body: () => ({}),
    expect: only(['admin'], [200, 404], [403, 404]),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const k = t.db.knex;
  const a = await seedCompanyWithUsers(k, 'Own Co', ['admin', 'manager', 'staff', 'signer']);
  const b = await seedCompanyWithUsers(k, 'Foreign Co', ['admin', 'manager', 'staff', 'signer']);
  world = {
    own: await companyObjects(t.deps.stores, a),
    foreign: await companyObjects(t.deps.stores, b),
    self: { ...Object.fromEntries(Object.entries(a.users).map(([r, u]) => [r, u.id])), anonymous: randomUUID() } as Record<Role, string>,
  };
  for (const r of ROLES) agents[r] = r === 'anonymous' ? browserAgent(t.app) : await loginAs(t.app, a.users[r].email, TEST_PASSWORD);
});
afterAll(() => t.close());

const rows = CASES.flatMap((c) =>
  ROLES.flatMap((role) => {
    const e = c.expect[role];
    return Array.isArray(e)
      ? (
          [
            ['own', e[0]],
            ['foreign', e[1]],
          ] as Array<[Scope, number]>
        ).map(([scope, status]) => ({ c, role, scope, status }))
      : [{ c, role, scope: 'own' as Scope, status: e }];
  }),
);

it.each(rows.map((r) => [`${r.c.name} as ${r.role} (${r.scope})`, r] as const))('%s', async (_label, { c, role, scope, status }) => {
  const path = await c.path(world[scope], role);
  const req = c.method === 'get' ? agents[role].get(path) : agents[role].post(path).send(c.body?.() ?? {});
  const res = await req;
  if (res.status !== status)
    throw new Error(`${c.method.toUpperCase()} ${path} as ${role}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  if (status === 403) expect(res.body.code).toBe('ACCESS_DENIED');
  if (status === 404) expect(res.body.code).toBe('NOT_FOUND');
  if (status === 401) expect(res.body.code).toBe('UNAUTHENTICATED');
});

it('left every foreign object as it was and logged the refusals', async () => {
  const k = t.db.knex;
  expect((await k('companies').where({ id: world.foreign.companyId }).first()).name).toBe('Foreign Co');
  expect((await k('users').where({ id: world.foreign.userId }).first()).firstname).toBe('Target');
  expect((await k('addresses').where({ id: world.foreign.addressId }).first()).street).toBe('9 Test Street');
  expect(await k('users').where({ company_id: world.foreign.companyId }).whereNotNull('deleted_at')).toHaveLength(0);
  const denied = await k('auth_events').where({ kind: 'access_denied' });
  expect(denied.length).toBe(rows.filter((r) => r.status === 403).length);
});
