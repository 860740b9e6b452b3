/**
 * GET is safe: no GET route of the app (read from Express's router, so a route added later is walked
 * too) changes a row, for any role: not the signer asked to sign who opens the certificate (the
 * "opened" mark is a POST the page makes), not a request for a signing code (a POST), not a read of an
 * issued certificate's credential or CA whose company seal is not made yet (a GET makes no keys).
 */
import type { Agent } from '../api/src/testing/session';
import { appRoutes } from './support/routes';
import { changedTables, dbSnapshot } from './support/db-checksum';
import { concretePath, startWorld, verifiedFarmRecord, ROLES, type World } from './support/world';

jest.setTimeout(300_000);

let w: World;
let issued: { id: string; hash: string };

/** A code for `role` of the own company at `levelId`, asked the way the app asks, read from the mailbox. */
async function code(agent: Agent, levelId: string, email: string): Promise<string> {
  const [last] = await w.t.mailbox.list({ limit: 1 });
  const asked = await agent.post(`/api/company/approvallevel/${levelId}/code`).send({});
  if (asked.status !== 200) throw new Error(`code: ${asked.status} ${JSON.stringify(asked.body)}`);
  for (let i = 0; i < 100; i++) {
    const m = (await w.t.mailbox.list({ to: email, limit: 20, afterId: last?.id ?? 0 })).find((x) => /Signing code/.test(x.subject ?? ''));
    const otp = m ? /is (\d{6})\./.exec(m.text ?? '')?.[1] : undefined;
    if (otp) return otp;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

beforeAll(async () => {
  w = await startWorld();
  // an issued certificate: one level, signed by signer2
  const co = w.own.co;
  const manager = await w.login(co, 'manager');
  const signer2 = await w.login(co, 'signer2');
  const sub = await manager
    .post('/api/company/approval/create')
    .send({
      approvalNumber: `SAFE-${Date.now()}`,
      approvalName: 'Barley lot',
      priority: 'High',
      approvalDoc: { _id: (await verifiedFarmRecord(w.t, co)).id },
      supportDocs: [{ _id: w.own.documentId }],
      approvalLevels: [
        {
          group: 'Farm Data Signing',
          signers: [co.users.signer2.id],
          signatures: 1,
          deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        },
      ],
      status: 'signing',
    })
    .expect(201);
  const a = sub.body.approval;
  const otp = await code(signer2, a.approvalLevels[0]._id, co.users.signer2.email);
  const signed = await signer2.post(`/api/company/approvallevel/${a.approvalLevels[0]._id}/sign`).send({ approval: a._id, otp }).expect(200);
  expect(signed.body.approval.status).toBe('done');
  issued = { id: a._id, hash: signed.body.approval.contentHash };
  await w.settle();
  for (let i = 0; i < 100 && !(await w.t.db.knex('certificates').where({ id: issued.id }).first('pdf_key'))?.pdf_key; i++)
    await new Promise((r) => setTimeout(r, 100));
  await w.settle();
});
afterAll(() => w?.close());

it('changes nothing on any GET route, as any role, the signer asked to sign included', async () => {
  const co = w.own.co;
  const signedIn: Array<[string, () => Promise<Agent>]> = [
    ...ROLES.filter((r) => r !== 'anonymous').map((r): [string, () => Promise<Agent>] => [r, () => w.login(co, r)]),
    ['signer2 (asked at level 1)', () => w.login(co, 'signer2')],
  ];
  const agents: Array<[string, Agent, (() => Promise<Agent>) | null]> = [['anonymous', w.agents.anonymous, null]];
  for (const [role, login] of signedIn) agents.push([role, await login(), login]);
  const gets = appRoutes(w.t.app).filter((r) => r.method === 'GET');
  expect(gets.length).toBeGreaterThan(40);
  const all = [
    ...gets.map((r) => concretePath(w, r.path)),
    // the level asked of signer2 (the code request it once was), the issued certificate's reads
    `/api/company/approvalLevel/${w.own.signingId}-L1/sign`,
    `/api/company/approval/${issued.id}`,
    `/api/company/approval/${issued.id}/credential`,
    `/api/public/verify?hash=${issued.hash}`,
    `/api/public/verify/credential?hash=${issued.hash}`,
    `/api/public/verify/ca?hash=${issued.hash}`,
    `/api/public/verify/status?hash=${issued.hash}`,
  ];
  const changed: string[] = [];
  const check = async (paths: string[]) => {
    for (const path of paths)
      for (const entry of agents) {
        const [role, agent, login] = entry;
        const before = await dbSnapshot(w.t.db.knex);
        const res = await agent.get(path);
        const tables = changedTables(before, await dbSnapshot(w.t.db.knex));
        if (tables.length) changed.push(`GET ${path} as ${role} (${res.status}): ${tables.join(', ')}`);
        // the sessions table is a log the snapshot leaves out: a GET must not end the session either
        if (login && (await agent.get('/api/auth/current_user')).status !== 200) {
          changed.push(`GET ${path} as ${role} (${res.status}): ended the session`);
          entry[1] = await login();
        }
      }
  };
  await check(all);
  // a company whose seal is not made yet (an issued certificate of before seals, or read before its PDF
  // was sealed): reading its credential or CA makes no key
  await w.t.db.knex('company_cas').where({ company_id: w.own.companyId }).update({ seal_key_pem: null, seal_certificate_pem: null });
  await check(all.filter((p) => p.includes(issued.id) || p.includes(issued.hash)));
  expect(changed).toEqual([]);
});
