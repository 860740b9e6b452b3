import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';

/**
 * The spec's `POST company/compliance/create` (multipart) answered 404. It is retired: 410 Gone with
 * the calls that replace it named, in en and vn (docs/spec-deviations.md), and the named call answers.
 */
let t: TestApp;
let staff: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const co = await seedCompanyWithUsers(t.db.knex, 'Audit Grain', ['admin', 'staff']);
  staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('POST company/compliance/create', () => {
  it('answers 410 naming its replacement, and the replacement answers', async () => {
    const res = await staff
      .post('/api/company/compliance/create')
      .field('docName', 'Establishment registration')
      .field('docType', 'certificate')
      .attach('file', Buffer.from('Establishment registration\nName: Hill Farm\n'), 'establishment.txt');
    expect([res.status, res.body.code]).toEqual([410, 'COMPLIANCE_CREATE_GONE']);
    expect(res.body.invalidMsg).toContain('GET /api/compliance/create');
    expect(res.body.invalidMsg).toContain('POST /openai/{establishment|haccp-plan|management-plan|pest-control}/{compliance_id}/upload');
    expect(res.body.details.replacement.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/compliance/create',
      'POST /openai/{establishment|haccp-plan|management-plan|pest-control}/{compliance_id}/upload',
    ]);
    const vn = await staff.post('/api/company/compliance/create').set('x-lang', 'vn').send({});
    expect([vn.status, vn.body.invalidMsg]).toEqual([410, expect.stringContaining('không còn được hỗ trợ')]);
    const info = await staff.get('/api/compliance/create');
    expect(info.status).toBe(200);
    expect(info.body.applicant_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
