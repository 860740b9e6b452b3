import { randomUUID } from 'node:crypto';
import { COMPLIANCE_KINDS } from '@grain/domain';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * The audit request waits for the compliance workflow to accept it (an Update): with no worker polling
 * its task queue, the answer is a 503 with a retry hint within the deadline, not a request that hangs.
 */
const UPDATE_MS = 1500;
let t: TestApp;
let co: SeededCompany;
let farmer: Agent;

beforeAll(async () => {
  t = await createTestApp({
    TEMPORAL_TASK_QUEUE: `compliance-nobody-${randomUUID()}`,
    TEMPORAL_UPDATE_TIMEOUT_MS: String(UPDATE_MS),
    TEMPORAL_CALL_TIMEOUT_MS: '1000',
  });
  co = await seedCompanyWithUsers(t.db.knex, 'Deadline Grain');
  farmer = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
});
afterAll(async () => t?.close());

it('answers the audit request with 503 APPROVAL_SERVICE_BUSY and Retry-After when no worker runs the workflow', async () => {
  const store = t.deps.stores.compliance;
  const complianceId = randomUUID();
  const owner = { companyId: co.companyId, userId: co.users.admin.id };
  await store.ensure(complianceId, owner);
  const body: Record<string, { _id: string }> = {};
  for (const k of COMPLIANCE_KINDS) {
    const doc = await store.addDocument({
      ...owner,
      complianceId,
      documentType: k.documentType,
      fileName: `${k.segment}.txt`,
      storageKey: `compliance/${randomUUID()}.txt`,
      size: 10,
    });
    await store.markProcessed(doc.id, 'plain text', {});
    body[k.payloadField] = { _id: doc.id };
  }
  const t0 = Date.now();
  const res = await farmer.post(`/api/compliance/${complianceId}/getaudit`).send(body);
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: 'APPROVAL_SERVICE_BUSY' });
  expect(res.headers['retry-after']).toBe('5');
  // answered at the configured deadline, not after the default one (15 s) nor never: the margin is the
  // request's own work on a loaded machine (measured 4.0 s with both cores busy)
  expect(Date.now() - t0).toBeLessThan(UPDATE_MS + 8000);
});
