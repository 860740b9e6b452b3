import request from 'supertest';
import { createCertificate, statusesOfToggles, toggleCounts, transition, type CertificateState } from '@grain/domain';
import type { CertificateListQuery } from '@grain/persistence';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * GET company/approvals answers, byte for byte, the page the store lists (cards, toggle counts, keyset
 * cursor) for the caller's company only, through every shape the list is asked in: keyset pages to the
 * end, status toggles, search, "mine", a bad cursor; with the session, the permission and the headers
 * every answer carries. The expected text is built from the store's parsed list and counts, not from
 * the route's own text builder.
 */
let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let manager: Agent;

const at = '2025-01-01T00:00:00.000Z';
function draft(company: SeededCompany, n: number, signerId: string): CertificateState {
  return createCertificate({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    approvalNumber: `L-${n}`,
    approvalName: `Lot ${n}${n % 3 === 0 ? ' barley' : ''}`,
    companyId: company.companyId,
    submitter: { id: company.users.manager.id, name: 'Manager Acme', email: company.users.manager.email },
    levels: [
      {
        group: 'Farm Data Signing',
        signers: [{ id: signerId, name: 'Signer', email: 'signer@x.test', role: 'signer' }],
        signatures: 1,
        deadline: '2030-01-01T00:00:00.000Z',
      },
    ],
  });
}
const submit = (s: CertificateState) => transition(s, { type: 'submit', actor: { id: s.submitter.id, name: s.submitter.name }, at }).state;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedCompanyWithUsers(t.db.knex, 'List Acme', ['admin', 'manager', 'signer', 'clerk']);
  other = await seedCompanyWithUsers(t.db.knex, 'List Other', ['admin', 'manager', 'signer']);
  const store = t.deps.stores.certificates;
  for (let n = 1; n <= 7; n++) await store.saveDraft(draft(acme, n, acme.users.signer.id));
  for (let n = 8; n <= 9; n++) await store.upsert(submit(draft(acme, n, acme.users.signer.id)));
  const late = transition(submit(draft(acme, 10, acme.users.admin.id)), { type: 'deadlinePassed', actor: { id: 'system', name: 'system' }, level: 1, at });
  await store.upsert(late.state);
  for (let n = 11; n <= 13; n++) await store.saveDraft(draft(other, n, other.users.signer.id));
  manager = await loginAs(t.app, acme.users.manager.email, TEST_PASSWORD);
});
afterAll(() => t.close());

/** The answer as the store's parsed page and counts say it must read. */
async function expected(company: SeededCompany, q: Omit<CertificateListQuery, 'companyId'>): Promise<string> {
  const page = await t.deps.stores.certificates.list({ companyId: company.companyId, ...q });
  const counts = toggleCounts(await t.deps.stores.certificates.counts(company.companyId));
  return JSON.stringify({ approval_list: page.items, counts, nextCursor: page.next });
}

async function text(agent: Agent, path: string): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  const res = await agent.get(path);
  return { status: res.status, text: res.text, headers: res.headers as Record<string, string> };
}

describe('GET company/approvals', () => {
  it('walks every page of the company to the end, each answer the store page byte for byte, with the headers of every answer', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path = `/api/company/approvals?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const got = await text(manager, path);
      expect(got.status).toBe(200);
      expect(got.text).toBe(await expected(acme, { limit: 3, after: cursor ?? undefined }));
      expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(got.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(got.headers['content-security-policy']).toContain("default-src 'self'");
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['x-frame-options']).toBe('DENY');
      expect(got.headers.etag).toBeTruthy();
      const body = JSON.parse(got.text) as { approval_list: Array<{ _id: string }>; nextCursor: string | null };
      seen.push(...body.approval_list.map((c) => c._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    // newest change first; no certificate of another company
    expect(seen[0]).toBe(draft(acme, 10, '').id);
    expect(seen.some((id) => id.endsWith('11') || id.endsWith('12') || id.endsWith('13'))).toBe(false);
  });

  it.each([
    ['the first page', '', {}],
    ["the 'signing' toggle", '?status=signing', { statuses: statusesOfToggles(['signing']) }],
    ['two toggles, one the overdue', '?status=created,overdue', { statuses: statusesOfToggles(['created', 'overdue']) }],
    ['an unknown toggle (ignored)', '?status=nonsense', {}],
    ['a search', '?q=barley', { search: 'barley' }],
    ['a search holding LIKE wildcards', '?q=%25_', { search: '%_' }],
    ['a small limit', '?limit=2', { limit: 2 }],
    ['a limit past the largest', '?limit=500', { limit: 500 }],
  ] as const)('answers %s as the store lists it', async (_name, query, q) => {
    const got = await text(manager, `/api/company/approvals${query}`);
    expect(got.status).toBe(200);
    expect(got.text).toBe(await expected(acme, q as Omit<CertificateListQuery, 'companyId'>));
  });

  it("answers 'mine' with the certificates whose current level names the caller", async () => {
    const signer = await loginAs(t.app, acme.users.signer.email, TEST_PASSWORD);
    const got = await text(signer, '/api/company/approvals?mine=1');
    expect(got.status).toBe(200);
    expect(got.text).toBe(await expected(acme, { signerId: acme.users.signer.id }));
    expect((JSON.parse(got.text) as { approval_list: unknown[] }).approval_list).toHaveLength(2);
  });

  it("answers another company's caller its own certificates only", async () => {
    const theirs = await loginAs(t.app, other.users.manager.email, TEST_PASSWORD);
    const got = await text(theirs, '/api/company/approvals');
    expect(got.text).toBe(await expected(other, {}));
    expect((JSON.parse(got.text) as { approval_list: unknown[] }).approval_list).toHaveLength(3);
  });

  it('refuses no session (401), a session without viewApproval (403), and a cursor that is not one (400)', async () => {
    expect((await request(t.app).get('/api/company/approvals').set('Origin', TEST_ORIGIN)).body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const clerk = await loginAs(t.app, acme.users.clerk.email, TEST_PASSWORD);
    const refused = await clerk.get('/api/company/approvals');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCESS_DENIED');
    const bad = await manager.get('/api/company/approvals?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
  });
});
