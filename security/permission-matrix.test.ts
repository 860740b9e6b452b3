/**
 * Every certificate, farm data, document, policy, blockchain, public-verification, compliance,
 * corrective-action, passkey and trust (DID document, status list, CRL) endpoint × every role (admin, manager, staff, signer, anonymous) × an object of the
 * caller's own company and of a foreign one (cases in support/matrix-cases.ts), each answer checked (and
 * no answer to the own company names an object of the foreign one); afterwards the foreign company's
 * rows are exactly as before, and no route of the app is left without a case.
 */
import { appRoutes } from './support/routes';
import { changedTables, dbSnapshot } from './support/db-checksum';
import { hashPassword } from '@grain/persistence';
import { loginAs, TEST_PASSWORD, type Agent } from '../api/src/testing/session';
import { COVERED_ELSEWHERE, MATRIX_CASES, prepareFresh, VIEW_INFO_ONLY_REFUSED, type Answer, type MatrixCase } from './support/matrix-cases';
import { ROLES, startWorld, type CompanyObjects, type Role, type World } from './support/world';

jest.setTimeout(300_000);

let w: World;
let foreignBefore: Record<string, string>;
beforeAll(async () => {
  // every role asks each public lookup of both companies: more than one address's minute allows (the throttle
  // itself is tested in api/src/certificates and by the fuzz)
  w = await startWorld({ env: { PUBLIC_VERIFY_PER_MINUTE: '100000', PUBLIC_CHECK_PER_MINUTE: '100000' } });
  await prepareFresh(w, w.foreign, ROLES.length);
  await w.settle();
  foreignBefore = await dbSnapshot(w.t.db.knex, w.foreign.companyId);
});
afterAll(() => w?.close());

type Scope = 'own' | 'foreign';
const rows = MATRIX_CASES.flatMap((c) =>
  ROLES.flatMap((role) => {
    const e = c.expect[role];
    return Array.isArray(e)
      ? (
          [
            ['own', e[0]],
            ['foreign', e[1]],
          ] as Array<[Scope, Answer]>
        ).map(([scope, answer]) => ({ c, role, scope, answer }))
      : [{ c, role, scope: 'own' as Scope, answer: e }];
  }),
);

/** The ids of a company's objects, each of which an answer to the other company must never name. */
const idsOf = (o: CompanyObjects) =>
  [o.companyId, o.farmId, o.draftId, o.signingId, o.templateId, o.documentId, o.complianceId, o.auditId, o.actionId, o.evidenceId, o.passkeyId].filter(Boolean);

const STANDARD_CODES: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'ACCESS_DENIED', 404: 'NOT_FOUND' };

async function call(c: MatrixCase, role: Role, scope: Scope, agent: Agent = w.agents[role]) {
  const o = w[scope];
  const path = await c.path(o, w);
  if (c.method === 'get') return { path, res: await agent.get(path) };
  if (c.method === 'delete') return { path, res: await agent.delete(path) };
  if (c.upload) {
    const u = c.upload(o);
    let req = agent.post(path);
    for (const [k, v] of Object.entries(u.fields ?? {})) req = req.field(k, v);
    return { path, res: await req.attach(u.field, u.data, u.name) };
  }
  const body = (await c.body?.(o, w)) ?? {};
  return { path, res: await (c.method === 'put' ? agent.put(path) : agent.post(path)).send(body) };
}

it.each(rows.map((r) => [`${r.c.method.toUpperCase()} ${r.c.route} (${r.c.name}) as ${r.role}, ${r.scope} company`, r] as const))(
  '%s',
  async (_label, { c, role, scope, answer }) => {
    const { status, code: named } = typeof answer === 'number' ? { status: answer, code: undefined } : answer;
    const { path, res } = await call(c, role, scope);
    if (res.status !== status)
      throw new Error(`${c.method.toUpperCase()} ${path} as ${role}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    const code = named ? [named] : STANDARD_CODES[status] ? [STANDARD_CODES[status]] : c.codes?.[status];
    if (code) expect(code).toContain(res.body.code);
    if (scope === 'own' && res.type === 'application/json') {
      const text = JSON.stringify(res.body);
      expect(idsOf(w.foreign).filter((id) => text.includes(id))).toEqual([]);
    }
  },
);

it('left every row of the foreign company as it was', async () => {
  expect(changedTables(foreignBefore, await dbSnapshot(w.t.db.knex, w.foreign.companyId))).toEqual([]);
});

it('has a case for every route of the app', () => {
  const mine = new Set(MATRIX_CASES.map((c) => `${c.method.toUpperCase()} ${c.route}`));
  const missing = appRoutes(w.t.app)
    .filter((r) => !mine.has(`${r.method} ${r.path}`) && !COVERED_ELSEWHERE.some((re) => re.test(r.path)))
    .map((r) => `${r.method} ${r.path}`);
  expect(missing).toEqual([]);
});

describe('a member whose group grants only viewInfo', () => {
  let viewer: Agent;
  beforeAll(async () => {
    const { groups, users } = w.t.deps.stores;
    await groups.create(w.own.companyId, { groupName: 'viewers', status: 'active', roles: ['viewInfo'] });
    const u = await users.create({
      email: 'viewer@own.test',
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstname: 'View',
      lastname: 'Only',
      role: 'viewers',
      companyId: w.own.companyId,
    });
    viewer = await loginAs(w.t.app, u.email, TEST_PASSWORD);
  });
  const cases = MATRIX_CASES.filter((c) => VIEW_INFO_ONLY_REFUSED.includes(c.name));
  it('covers every named read', () => expect(cases.map((c) => c.name).sort()).toEqual([...VIEW_INFO_ONLY_REFUSED].sort()));
  it.each(cases.map((c) => [`${c.method.toUpperCase()} ${c.route} (${c.name})`, c] as const))('%s is refused', async (_label, c) => {
    const { path, res } = await call(c, 'staff', 'own', viewer);
    if (res.status !== 403) throw new Error(`${path}: expected 403, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    expect(res.body.code).toBe('ACCESS_DENIED');
  });
});
