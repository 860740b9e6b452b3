import { type Db } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { EmbeddedLedger } from './embedded-ledger';

describe('EmbeddedLedger (hash-chained blocks in the real database)', () => {
  let db: Db;
  let ledger: EmbeddedLedger;
  beforeAll(async () => {
    db = await createTestDb();
    ledger = new EmbeddedLedger(db.knex);
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

  it('detects an edited payload', async () => {
    await db.knex('ledger_blocks').where({ idempotency_key: 'c:5' }).update({ payload: JSON.stringify({ i: 999 }) });
    const v = await ledger.verify();
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/data hash/);
    expect(v.brokenAt).toBe((await ledger.findByKey('c:5'))!.blockNumber);
  });
});
