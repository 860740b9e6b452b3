import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';
import { POLICY_ACTIONS } from './data/policy-actions';
import { POLICY_ORGANISATIONS } from './data/policy-organisations';

/** supertest parser that keeps a binary body as one Buffer. */
const binary = (r: { on(ev: string, f: (c?: Buffer) => void): void }, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c) => chunks.push(c!));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('policy reference API', () => {
  let t: TestApp;
  let user: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const c = await seedCompanyWithUsers(t.db.knex, 'Policy Co', ['staff']);
    user = await loginAs(t.app, c.users.staff.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the organisations of both countries and the actions per process, to signed-in users', async () => {
    const orgs = await user.get('/api/policy/policyorg/list');
    expect(orgs.body.policyOrganisationList).toHaveLength(POLICY_ORGANISATIONS.length);
    expect(orgs.body.policyOrganisationList).toContainEqual(
      expect.objectContaining({ Acronym: 'FSSAI', Country: 'IN', ResponsibleOrgaqnisation: 'Food Safety and Standards Authority of India' }),
    );
    const au = await user.get('/api/policy/policyorg/list?country=AU');
    expect(au.body.policyOrganisationList.every((o: { Country: string }) => o.Country === 'AU')).toBe(true);
    const actions = await user.get('/api/policy/policyaction/list');
    expect(actions.body.policyActionsList).toHaveLength(POLICY_ACTIONS.length);
    expect((await browserAgent(t.app).get('/api/policy/policyorg/list')).status).toBe(401);
  });

  it('keeps the reference data consistent: every action cites a listed policy of its country', () => {
    const index = new Map(POLICY_ORGANISATIONS.map((o) => [o.PolicyIndex, o.Country]));
    for (const a of POLICY_ACTIONS) {
      for (const p of a.PolicyIndexAU) expect(index.get(p)).toBe('AU');
      for (const p of a.PolicyIndexIN) expect(index.get(p)).toBe('IN');
      expect(a.RequiredDocsAU.length + a.RequiredDocsIN.length).toBeGreaterThan(0);
    }
    expect(new Set(POLICY_ORGANISATIONS.map((o) => o.FileName)).size).toBe(POLICY_ORGANISATIONS.length);
    for (const o of POLICY_ORGANISATIONS) expect(o.URL).toMatch(/^https:\/\/[a-z0-9.-]+\.(gov\.au|gov\.in|nic\.in|org\.au)(\/|$)/);
  });

  it('serves a generated reference PDF by listed file name only', async () => {
    const org = POLICY_ORGANISATIONS.find((o) => o.Acronym === 'DAFF')!;
    const res = await user
      .post('/api/policy/policyorg/file')
      .send({ fileName: org.FileName })
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.body.length).toBeGreaterThan(5000);
    expect((await user.post('/api/policy/policyorg/file').send({ fileName: '../../../etc/passwd' })).status).toBe(404);
    expect((await user.post('/api/policy/policyorg/file').send({ fileName: 'unknown.pdf' })).status).toBe(404);
  });
});
