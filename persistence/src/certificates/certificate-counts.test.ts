import { createStores } from '../stores';
import { createCertificate, transition, type CertificateState, type Signer } from '@grain/domain';
import { createTestDb } from '../testing';
import type { Db } from '../db';
import type { CertificateStore } from './certificate-store';
import type { Knex } from 'knex';
import * as atCommit from '../migrations/076_certificate_counts_at_commit';
import * as countsText from '../migrations/080_certificate_counts_text';

// The toggle counts kept by triggers (migration 008; written at each writer's COMMIT since 076) must always equal a count of the rows themselves,
// whatever wrote them: the store's upsert (insert, and insert ... on conflict update), draft edits and
// deletes, multi-row statements, concurrent transactions and truncate.
const signer = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const at = '2025-01-01T00:00:00.000Z';
const draft = (id: string, companyId: string) =>
  createCertificate({
    id,
    approvalNumber: `N-${id}`,
    approvalName: `Lot ${id}`,
    companyId,
    submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
    levels: [
      { group: 'Farm', signers: [signer('a1'), signer('a2')], signatures: 2, deadline: '2030-01-01T00:00:00.000Z' },
      { group: 'Inspection', signers: [signer('b1')], signatures: 1, deadline: '2030-01-02T00:00:00.000Z' },
    ],
  });
const submit = (s: CertificateState) => transition(s, { type: 'submit', actor: { id: 'sub', name: 'Sam' }, at }).state;
const sign = (s: CertificateState, who: string) => transition(s, { type: 'sign', actor: { id: who, name: who }, at }).state;

let db: Db;
let store: CertificateStore;
beforeAll(async () => {
  db = await createTestDb();
  store = createStores(db.knex).certificates;
});
afterAll(() => db.close());

/** The counts as a scan of the rows gives them (what counts() answered before migration 008). */
async function scanned(companyId: string) {
  const out: Record<string, number> = { created: 0, signing: 0, pending: 0, rejected: 0, done: 0, cancelled: 0, overdue: 0 };
  const rows = await db.knex('certificates').where({ company_id: companyId }).select('status', 'overdue').count({ n: '*' }).groupBy('status', 'overdue');
  for (const r of rows as Array<{ status: string; overdue: boolean; n: string | number }>) out[r.overdue ? 'overdue' : r.status] += Number(r.n);
  return out;
}

/** The counts a list page answers (certificate_counts_text since migration 080). */
const listed = async (companyId: string) => (await store.listText({ companyId, limit: 1 }, { counts: true })).counts;

describe('certificate counts kept by triggers', () => {
  it('follow drafts, upserts through every status, overdue flips and deletes', async () => {
    const co = 'cnt-1';
    const a = draft('k1', co);
    await store.saveDraft(a);
    await store.saveDraft(draft('k2', co));
    await store.saveDraft(draft('k3', co));
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect((await store.counts(co)).created).toBe(3);

    let s = submit(a);
    await store.upsert(s); // insert ... on conflict update of a draft row
    s = sign(s, 'a1');
    await store.upsert(s);
    expect(await store.counts(co)).toMatchObject({ created: 2, pending: 1 });
    await store.upsert({ ...s, overdue: true, version: s.version + 1 });
    expect(await store.counts(co)).toMatchObject({ created: 2, pending: 0, overdue: 1 });
    s = sign(sign({ ...s, overdue: false, version: s.version + 1 }, 'a2'), 'b1');
    await store.upsert(s);
    expect(await store.counts(co)).toMatchObject({ created: 2, done: 1, overdue: 0 });
    expect(await store.upsert(submit(draft('k1', co)))).toEqual({ applied: false }); // a stale write changes nothing
    await store.upsert(submit(draft('k4', co))); // a plain insert through upsert
    expect(await store.deleteDraft(co, 'k2')).toBe(true);
    expect(await store.get(co, 'k2')).toBeNull();
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ created: 1, signing: 1, done: 1 });
    expect(await listed(co)).toEqual(await scanned(co));
    expect(await store.counts('cnt-other')).toEqual(await scanned('cnt-other'));
  });

  it('follow multi-row statements and concurrent transactions moving in opposite directions', async () => {
    const co = 'cnt-2';
    const states = Array.from({ length: 12 }, (_v, i) => submit(draft(`m${i}`, co)));
    await Promise.all(states.map((x) => store.upsert(x)));
    // One statement touching many rows, both ways: signing -> pending for half, pending -> signing after.
    await db
      .knex('certificates')
      .where({ company_id: co })
      .whereIn(
        'id',
        states.slice(0, 6).map((x) => x.id),
      )
      .update({ status: 'pending' });
    expect(await store.counts(co)).toMatchObject({ signing: 6, pending: 6 });
    // Concurrent transactions (real ones on Postgres), one statement each as the store writes: half go
    // pending -> signing while the other half go signing -> pending, some also turning overdue.
    await Promise.all(
      states.map((x, i) =>
        db.knex.transaction(async (trx) => {
          await trx('certificates')
            .where({ id: x.id })
            .update({ status: i < 6 ? 'signing' : 'pending', overdue: i % 3 === 0 });
          await trx('certificate_levels')
            .where({ certificate_id: x.id })
            .update({ overdue: i % 3 === 0 });
        }),
      ),
    );
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ signing: 4, pending: 4, overdue: 4 });
    expect(await listed(co)).toEqual(await scanned(co));
    await db.knex('certificates').where({ company_id: co }).delete();
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await listed(co)).toEqual(await scanned(co));
    expect(Number((await db.knex('certificate_counts').where({ company_id: co }).sum({ n: 'n' }).first())?.n ?? 0)).toBe(0);
  });

  it('follow rolled-back transactions and savepoints, and a move to another company', async () => {
    const co = 'cnt-5';
    await store.upsert(submit(draft('r0', co)));
    await expect(
      db.knex.transaction(async (trx) => {
        await createStores(trx).certificates.upsert(submit(draft('r1', co)));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.counts(co)).toMatchObject({ signing: 1 });
    await db.knex.transaction(async (trx) => {
      await createStores(trx).certificates.upsert(submit(draft('r2', co)));
      await trx
        .transaction(async (inner) => {
          await createStores(inner).certificates.upsert(submit(draft('r3', co)));
          await inner('certificates').where({ id: 'r0' }).update({ status: 'rejected' });
          throw new Error('to the savepoint');
        })
        .catch(() => undefined);
      await trx('certificates').where({ id: 'r2' }).update({ overdue: true });
    });
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ signing: 1, rejected: 0, overdue: 1 });
    // Folded early (SET CONSTRAINTS ... IMMEDIATE: the transaction then sees its own counts), then more
    // statements, some in a savepoint rolled back, then the fold at commit.
    await db.knex.transaction(async (trx) => {
      await createStores(trx).certificates.upsert(submit(draft('r4', co)));
      await trx.raw('set constraints all immediate');
      expect(await createStores(trx).certificates.counts(co)).toMatchObject({ signing: 2 });
      await trx.raw('set constraints all deferred');
      await trx('certificates').where({ id: 'r4' }).update({ status: 'done' });
      await trx
        .transaction(async (inner) => {
          await inner('certificates').where({ id: 'r0' }).update({ status: 'cancelled' });
          await inner.raw('set constraints all immediate');
          throw new Error('to the savepoint');
        })
        .catch(() => undefined);
      for (let i = 5; i < 25; i++) await createStores(trx).certificates.upsert(submit(draft(`r${i}`, co)));
    });
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ signing: 21, done: 1, cancelled: 0, overdue: 1 });
    await db.knex('certificates').whereIn('id', ['r0', 'r2']).update({ company_id: 'cnt-6' });
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts('cnt-6')).toEqual(await scanned('cnt-6'));
    expect(await store.counts('cnt-6')).toMatchObject({ signing: 1, overdue: 1 });
    expect([await listed(co), await listed('cnt-6')]).toEqual([await scanned(co), await scanned('cnt-6')]);
  });

  it('076 runs twice and reverses: the counts stay exact through down (written at once) and up (at commit)', async () => {
    const co = 'cnt-8';
    await atCommit.up(db.knex);
    await store.upsert(submit(draft('v1', co)));
    await atCommit.down(db.knex);
    expect(await db.knex.schema.hasTable('certificate_count_changes')).toBe(false);
    await store.upsert(submit(draft('v2', co)));
    await store.saveDraft(draft('v3', co));
    expect(await store.counts(co)).toMatchObject({ signing: 2, created: 1 });
    await atCommit.up(db.knex);
    await store.upsert(submit(draft('v3', co)));
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ signing: 3, created: 0 });
    expect(Number((await db.knex('certificate_count_changes').count({ n: '*' }).first())!.n)).toBe(0);
    // 076's fold again writes no text: 080 (run twice, and reversed once) brings it back, texts rebuilt
    await store.upsert(submit(draft('v4', co)));
    await countsText.up(db.knex);
    await countsText.down(db.knex);
    await store.upsert(submit(draft('v5', co)));
    await countsText.up(db.knex);
    await countsText.up(db.knex);
    expect(await listed(co)).toEqual(await scanned(co));
    await store.upsert(submit(draft('v6', co)));
    expect(await listed(co)).toEqual(await scanned(co));
    expect(await listed(co)).toMatchObject({ signing: 6 });
  });

  it('are emptied by truncate', async () => {
    await store.saveDraft(draft('t1', 'cnt-3'));
    await db.knex.raw('truncate certificates cascade');
    expect(Number((await db.knex('certificate_counts').count({ n: '*' }).first())!.n)).toBe(0);
    expect(Number((await db.knex('certificate_counts_text').count({ n: '*' }).first())!.n)).toBe(0);
  });
});

// Postgres only (PGlite has one connection: nothing can wait on a lock there).
const onPostgres = process.env.DATABASE_URL ? it : it.skip;

/** What the backend `pid` waits for, if it waits on a lock (pg_locks, seen from a third connection), else null. */
async function lockWaitOf(pid: number): Promise<string | null> {
  const { rows } = await db.knex.raw(
    `select l.locktype, c.relname, pg_blocking_pids(l.pid) as by from pg_locks l left join pg_class c on c.oid = l.relation where l.pid = ? and not l.granted`,
    [pid],
  );
  const r = rows[0] as { locktype: string; relname: string | null; by: number[] } | undefined;
  return r ? `${r.locktype}${r.relname ? ` on ${r.relname}` : ''} held by ${r.by.join(',')}` : null;
}

describe('certificate counts under concurrent writers (issue 29: the sign path)', () => {
  // A batch commit writes the read model first and holds its transaction through the mails and the
  // ledger's append: the counts row of its company must not be locked from the write until COMMIT, or
  // every commit of the company waits for the one before it for its whole length.
  onPostgres("a write does not wait for another open transaction's write to the same company's counts", async () => {
    const co = 'cnt-4';
    await store.upsert(submit(draft('w0', co))); // the counts row (cnt-4, signing) exists
    const a: Knex.Transaction = await db.knex.transaction();
    const b: Knex.Transaction = await db.knex.transaction();
    try {
      const pidOf = async (t: Knex.Transaction) => Number((await t.raw('select pg_backend_pid() as pid')).rows[0].pid);
      const [pidA, pid] = [await pidOf(a), await pidOf(b)];
      await createStores(a).certificates.upsert(submit(draft('w1', co)));
      let settled = false;
      const written = createStores(b)
        .certificates.upsert(submit(draft('w2', co)))
        .finally(() => (settled = true));
      // Until B's write returns, look whether it waits on a lock (A is open all along).
      let waiting: string | null = null;
      while (!settled && !waiting) {
        waiting = await lockWaitOf(pid);
        await new Promise((r) => setTimeout(r, 10));
      }
      // Before the fix: { settled: false, waiting: 'transactionid held by <A>' }, B's trigger waiting for
      // A's update of the (cnt-4, signing) counts row to commit.
      expect({ settled, waiting: waiting?.replace(String(pidA), 'A') ?? null }).toEqual({ settled: true, waiting: null });
      await a.commit();
      expect(await written).toEqual({ applied: true });
      await b.commit();
    } finally {
      if (!a.isCompleted()) await a.rollback();
      if (!b.isCompleted()) await b.rollback();
    }
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ signing: 3 });
  });

  onPostgres('many concurrent transactions of one company, some rolled back, leave the counts exact', async () => {
    const co = 'cnt-7';
    const states = Array.from({ length: 30 }, (_v, i) => submit(draft(`c${i}`, co)));
    await Promise.all(states.slice(0, 10).map((x) => store.upsert(x)));
    const results = await Promise.allSettled(
      states.map((x, i) =>
        db.knex.transaction(async (trx) => {
          const tx = createStores(trx).certificates;
          // the first ten move on (signing -> rejected or overdue), the others are new; every fifth rolls back
          await tx.upsert(i < 10 ? { ...x, status: i % 2 ? 'rejected' : x.status, overdue: i % 2 === 0, version: x.version + 1 } : x);
          await new Promise((r) => setTimeout(r, 5));
          if (i % 5 === 4) throw new Error('rolled back');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(6);
    expect(await store.counts(co)).toEqual(await scanned(co));
    expect(await store.counts(co)).toMatchObject({ signing: 20 - 4 + 2, rejected: 4, overdue: 4 });
    expect(await listed(co)).toEqual(await scanned(co));
  });

  // Migration 080: two writers of one company changing different counts. The second's fold must build the
  // company's text after the first committed, or the last to commit leaves a text without the other's change.
  onPostgres("the list's counts text holds both of two writers folding different counts of one company", async () => {
    const co = 'cnt-9';
    await store.upsert(submit(draft('x0', co)));
    const a: Knex.Transaction = await db.knex.transaction();
    const b: Knex.Transaction = await db.knex.transaction();
    try {
      // A: signing -> done, folded now (SET CONSTRAINTS ... IMMEDIATE), still open
      await createStores(a).certificates.upsert({ ...sign(sign(sign(submit(draft('x0', co)), 'a1'), 'a2'), 'b1') });
      await a.raw('set constraints all immediate');
      // B: a new draft (created + 1), folded while A is open: its text waits for A's commit
      await createStores(b).certificates.saveDraft(draft('x1', co));
      const pidB = Number((await b.raw('select pg_backend_pid() as pid')).rows[0].pid);
      const folded = b.raw('set constraints all immediate').then(() => 'folded'); // sent now (a knex query runs when awaited)
      // B's fold reaches the company's text row, which A's fold holds, and waits for A
      for (let until = Date.now() + 10_000; !(await lockWaitOf(pidB));) {
        if (Date.now() > until) throw new Error("B's fold never waited for A");
        await new Promise((r) => setTimeout(r, 10));
      }
      await a.commit();
      await folded;
      await b.commit();
    } finally {
      if (!a.isCompleted()) await a.rollback();
      if (!b.isCompleted()) await b.rollback();
    }
    expect(await store.counts(co)).toMatchObject({ done: 1, created: 1, signing: 0 });
    expect(await listed(co)).toEqual(await scanned(co));
  });
});
