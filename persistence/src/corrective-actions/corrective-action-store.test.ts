import { randomUUID } from 'node:crypto';
import { createCorrectiveAction, transitionAction, type CorrectiveActionState } from '@grain/domain';
import { createStores, type Stores } from '../stores';
import { createTestCompany, createTestDb, createTestUser } from '../testing';
import type { Db } from '../db';

let db: Db;
let stores: Stores;
let companyId: string;
let complianceId: string;
let owner: { id: string; name: string };
let judge: { id: string; name: string };

beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
  companyId = (await createTestCompany(stores, 'Store Farm Co')).id;
  const o = await createTestUser(stores, companyId, 'admin');
  const j = await createTestUser(stores, companyId, 'admin');
  owner = { id: o.id, name: 'Owner' };
  judge = { id: j.id, name: 'Judge' };
  complianceId = randomUUID();
  await stores.compliance.ensure(complianceId, { companyId, userId: o.id });
});
afterAll(() => db?.close());

const T0 = Date.now();
const at = (ms: number) => new Date(T0 + ms).toISOString();
function action(checkIndex: number, severity: 'critical' | 'minor' = 'critical', farm = { key: 'reg-9', name: 'Hill Farm' }): CorrectiveActionState {
  return createCorrectiveAction({
    id: randomUUID(),
    companyId,
    farm,
    finding: {
      complianceId,
      checkIndex,
      check: `check ${checkIndex}`,
      result: 'Non-Compliant',
      requirement: '',
      evidence: '',
      recommendations: '',
      policyRef: null,
      flagged: false,
    },
    severity,
    owner,
    createdBy: judge,
    at: at(0),
    dueAt: at(86_400_000),
    timing: { reminderOffsetsMs: [], escalateAfterMs: 1000 },
  }).state;
}

test('one action per finding; the read model only moves forward; evidence is bound to its fix for good', async () => {
  const a = action(0);
  expect(await stores.correctiveActions.insertNew(a)).toBe(true);
  expect(await stores.correctiveActions.insertNew({ ...action(0), id: randomUUID() })).toBe(false);

  const ev = { id: randomUUID(), fileName: 'p.pdf', mime: 'application/pdf', size: 5, sha256: 'b'.repeat(64) };
  await stores.correctiveActions.addEvidence({ ...ev, actionId: a.id, companyId, storageKey: 'evidence/x.pdf', uploadedBy: owner.id });
  const fixed = transitionAction(a, { type: 'submitFix', actor: owner, at: at(10), note: 'done', evidence: [ev] }).state;
  expect(await stores.correctiveActions.save(fixed)).toEqual({ applied: true });
  expect(await stores.correctiveActions.save(a)).toEqual({ applied: false }); // a late, older write
  expect((await stores.correctiveActions.byId(companyId, a.id))?.status).toBe('fix_submitted');
  expect(await stores.correctiveActions.unboundEvidence(companyId, a.id, [ev.id])).toEqual([]);
  expect(await stores.correctiveActions.removeUnboundEvidence(companyId, a.id, ev.id)).toEqual({ removed: false });
  expect((await stores.correctiveActions.evidence(companyId, a.id, ev.id))?.submittedRound).toBe(1);
  // another company sees nothing
  expect(await stores.correctiveActions.byId(randomUUID(), a.id)).toBeNull();
});

test('a certificate states the open critical actions at issue, frozen at the first read', async () => {
  const open = action(1);
  await stores.correctiveActions.insertNew(open);
  await stores.correctiveActions.insertNew(action(2, 'minor'));
  const before = await stores.correctiveActions.list(companyId, { status: 'open_any', severity: 'critical' });
  const cert = randomUUID();
  expect(await stores.correctiveActions.openCriticalAtIssue(cert, companyId)).toBe(before.length);
  // every critical action closes afterwards: the certificate's statement stays what it was at issue
  for (const s of before) {
    const submitted =
      s.status === 'fix_submitted'
        ? s
        : transitionAction(s, {
            type: 'submitFix',
            actor: owner,
            at: at(20),
            note: 'x',
            evidence: [{ id: randomUUID(), fileName: 'a.pdf', mime: 'application/pdf', size: 1, sha256: 'c'.repeat(64) }],
          }).state;
    await stores.correctiveActions.save(transitionAction(submitted, { type: 'verify', actor: judge, at: at(30) }).state);
  }
  expect(await stores.correctiveActions.list(companyId, { status: 'open_any', severity: 'critical' })).toEqual([]);
  expect(await stores.correctiveActions.openCriticalAtIssue(cert, companyId)).toBe(before.length);
  expect(await stores.correctiveActions.openCriticalAtIssue(randomUUID(), companyId)).toBe(0);
});

test('the open critical actions at issue are frozen and read back in one statement each time (issue 29: six, then three)', async () => {
  await stores.correctiveActions.insertNew(action(4, 'critical', { key: 'reg-77', name: 'Ridge Farm' }));
  const open = (await stores.correctiveActions.list(companyId, { status: 'open_any', severity: 'critical' })).length;
  const cert = randomUUID();
  const statements: string[] = [];
  const count = (q: { sql: string }) => statements.push(q.sql);
  db.knex.on('query', count);
  try {
    // two first reads at once (the PDF and a page): both answer what the first froze
    expect(await Promise.all([0, 1].map(() => stores.correctiveActions.openCriticalAtIssue(cert, companyId)))).toEqual([open, open]);
    expect(statements.length).toBeLessThanOrEqual(3); // one each; a second only for a read that lost the race to freeze
    statements.length = 0;
    expect(await stores.correctiveActions.openCriticalAtIssue(cert, companyId)).toBe(open);
    expect(statements).toHaveLength(1);
  } finally {
    db.knex.removeListener('query', count);
  }
  expect(await db.knex('certificate_action_facts').where({ certificate_id: cert }).select('open_critical')).toEqual([{ open_critical: open }]);
});

test('the same farm is found by its key, or by its name when an audit had no registration number', async () => {
  await stores.correctiveActions.insertNew(action(3, 'minor', { key: 'hill farm', name: 'Hill Farm' }));
  const found = await stores.correctiveActions.list(companyId, { farm: { key: 'reg-9', name: 'hill farm' } });
  expect(found.map((s) => s.finding.checkIndex).sort()).toEqual([0, 1, 2, 3]);
  expect(await stores.correctiveActions.list(companyId, { farm: { key: 'reg-1', name: 'Other Farm' } })).toEqual([]);
});
