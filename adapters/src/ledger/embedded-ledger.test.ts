import { createStores, type Db } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { EmbeddedLedger } from './embedded-ledger';

describe('EmbeddedLedger (hash-chained blocks in the real database)', () => {
  let db: Db;
  let ledger: EmbeddedLedger;
  beforeAll(async () => {
    db = await createTestDb();
    ledger = new EmbeddedLedger(createStores(db.knex).ledgerBlocks);
  });
  afterAll(() => db.close());

  it('chains blocks, is idempotent by key, and verifies', async () => {
    const a = await ledger.append({ key: 'cert-1:sign:1', type: 'signature', payload: { user: 'u1', level: 1 } });
    const again = await ledger.append({ key: 'cert-1:sign:1', type: 'signature', payload: { user: 'u1', level: 1 } });
    const b = await ledger.append({ key: 'cert-1:complete', type: 'completion', payload: { done: true } });
    expect(a.created).toBe(true);
    expect(again).toEqual({ txId: a.txId, blockNumber: a.blockNumber, created: false });
    expect(b.blockNumber).toBe(a.blockNumber + 1);
    const last = await ledger.lastBlock();
    expect(last?.blockNumber).toBe(b.blockNumber);
    expect(last?.previousHash).toBe((await ledger.findByKey('cert-1:sign:1'))?.blockHash);
    expect(last?.channelHeader.tx_id).toBe(b.txId);
    expect(await ledger.verify()).toEqual({ ok: true, checked: 2 });
  });

  it('serializes concurrent appends into one unbroken chain', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => ledger.append({ key: `c:${i}`, type: 'farm_data', payload: { i } })));
    const v = await ledger.verify();
    expect(v.ok).toBe(true);
    expect(v.checked).toBe(22);
  });

  // Postgres only (PGlite has one connection: no append can wait for another there).
  (process.env.DATABASE_URL ? it : it.skip)(
    'an append that waited for the head while another wrote its key answers that block and writes the rest once',
    async () => {
      const entry = { key: 'same:1', type: 'farm_data' as const, payload: { same: true } };
      const holder = await db.knex.transaction();
      let waiting: Promise<Array<{ txId: string; blockNumber: number; created: boolean }>> | undefined;
      try {
        const [held] = await new EmbeddedLedger(createStores(holder).ledgerBlocks).appendMany([entry]);
        // a second append of the same key and one more, waiting for the head the first holds
        waiting = ledger.appendMany([entry, { key: 'same:2', type: 'farm_data', payload: { same: false } }]);
        for (let i = 0; i < 200; i++) {
          const { rows } = await db.knex.raw(`select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted`);
          if (rows[0].n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await holder.commit();
        const [again, next] = await waiting;
        expect(again).toEqual({ txId: held.txId, blockNumber: held.blockNumber, created: false });
        expect(next).toMatchObject({ created: true, blockNumber: held.blockNumber + 1 });
        expect((await ledger.verify()).ok).toBe(true);
      } finally {
        if (!holder.isCompleted()) await holder.rollback();
        await waiting?.catch(() => undefined);
      }
    },
  );

  it('appends many entries as one unbroken run of blocks, skipping keys already written', async () => {
    const before = (await ledger.lastBlock())!.blockNumber;
    const entries = Array.from({ length: 1200 }, (_, i) => ({ key: `many:${i}`, type: 'farm_data' as const, payload: { i } }));
    const receipts = await ledger.appendMany([entries[0], { key: 'c:3', type: 'farm_data', payload: { i: 3 } }, ...entries.slice(1), entries[7]]);
    expect(receipts).toHaveLength(1202);
    expect(receipts[1]).toMatchObject({ created: false, txId: (await ledger.findByKey('c:3'))!.channelHeader.tx_id });
    expect(receipts[receipts.length - 1]).toEqual({ ...receipts[8], created: false });
    const created = receipts.filter((r) => r.created);
    expect(created.map((r) => r.blockNumber)).toEqual(entries.map((_, i) => before + 1 + i));
    const block = await ledger.findByKey('many:1199');
    expect(block).toMatchObject({ blockNumber: before + 1200, recordType: 'farm_data', payload: { i: 1199 }, channelHeader: { tx_id: created[1199].txId } });
    expect(await ledger.verify()).toEqual({ ok: true, checked: before + 1201 });
    expect(await ledger.appendMany(entries.slice(0, 3))).toEqual(created.slice(0, 3).map((r) => ({ ...r, created: false })));
  });

  it('detects an edited payload', async () => {
    await db
      .knex('ledger_blocks')
      .where({ idempotency_key: 'c:5' })
      .update({ payload: JSON.stringify({ i: 999 }) });
    const v = await ledger.verify();
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/data hash/);
    expect(v.brokenAt).toBe((await ledger.findByKey('c:5'))!.blockNumber);
  });
  it('an append inside a transaction is two statements: the head, locked, with the known keys, and the insert that moves the head (issue 29)', async () => {
    const sql: string[] = [];
    const count = (q: { sql: string }) => void sql.push(q.sql);
    let receipts: Array<{ created: boolean; blockNumber: number }> = [];
    const before = (await ledger.lastBlock())!.blockNumber;
    await db.knex.transaction(async (trx) => {
      const inTx = new EmbeddedLedger(createStores(trx).ledgerBlocks);
      db.knex.on('query', count);
      try {
        receipts = await inTx.appendMany([
          { key: 'count:1', type: 'signature', payload: { n: 1 } },
          { key: 'count:2', type: 'signature', payload: { n: 2 } },
        ]);
      } finally {
        db.knex.removeListener('query', count);
      }
    });
    expect(sql).toHaveLength(2);
    expect(sql[0]).toMatch(/for update/);
    expect(receipts.map((r) => [r.created, r.blockNumber])).toEqual([
      [true, before + 1],
      [true, before + 2],
    ]);
    expect((await ledger.findByKey('count:2'))?.previousHash).toBe((await ledger.findByKey('count:1'))?.blockHash);
  });
});
