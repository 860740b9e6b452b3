import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';

describe('blockchain view API', () => {
  let t: TestApp;
  let user: Agent;
  const farm = {
    grainType: 'Wheat',
    harvestGrade: 'APW',
    storageLocation: 'Silo 9',
    quantity: 900,
    protein: 10.5,
    moisture: 11.2,
    productionDate: '2025-11-10',
  };

  beforeAll(async () => {
    t = await createTestApp();
    const c = await seedCompanyWithUsers(t.db.knex, 'Chain Co', ['staff']);
    user = await loginAs(t.app, c.users.staff.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('shows no block on an empty channel', async () => {
    const res = await user.get('/api/event/blockevents');
    expect(res.body).toMatchObject({ block: null, channel: 'grainquality', contract: 'grainquality' });
  });

  it('shows the last block, the recent blocks, and verifies the chain until history is edited', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await user.post('/api/farmdata/harvesting/create').send({ farmData: farm })).body.farmData.txId);
    const last = (await user.get('/api/event/blockevents')).body.block;
    expect(last).toMatchObject({ blockNumber: 2, channelHeader: { type: 'ENDORSER_TRANSACTION', tx_id: ids[2], version: 1 }, recordType: 'farm_data' });
    expect(last.lastBlock).toMatch(/^[0-9a-f]{64}$/);
    expect(last.data_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(last.payload).toBeUndefined();

    const blocks = (await user.get('/api/event/blocks?limit=2')).body.blocks;
    expect(blocks.map((b: { blockNumber: number }) => b.blockNumber)).toEqual([2, 1]);
    expect(blocks[0].previousHash).toBe(blocks[1].lastBlock);
    expect((await user.get('/api/event/blocks?before=1')).body.blocks.map((b: { blockNumber: number }) => b.blockNumber)).toEqual([0]);

    expect((await user.get('/api/event/verify')).body.verification).toEqual({ ok: true, checked: 3 });
    // Someone edits a recorded quantity directly in the database: the recomputed hash gives it away.
    const row = await t.db.knex('ledger_blocks').where({ block_number: 1 }).first();
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    await t.db
      .knex('ledger_blocks')
      .where({ block_number: 1 })
      .update({ payload: JSON.stringify({ ...payload, quantity: 90000 }) });
    expect((await user.get('/api/event/verify')).body.verification).toMatchObject({ ok: false, brokenAt: 1, reason: 'data hash does not match the payload' });
  });
});
