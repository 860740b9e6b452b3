import { createTestApp, type TestApp } from '../testing/test-app';
import { hashPassword } from '@grain/persistence';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';

describe('blockchain view API', () => {
  let t: TestApp;
  let user: Agent;
  let admin: Agent;
  let other: Agent;
  let loner: Agent;
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
    const c = await seedCompanyWithUsers(t.db.knex, 'Chain Co', ['staff', 'admin']);
    user = await loginAs(t.app, c.users.staff.email, TEST_PASSWORD);
    admin = await loginAs(t.app, c.users.admin.email, TEST_PASSWORD);
    other = await loginAs(t.app, (await seedCompanyWithUsers(t.db.knex, 'Rival Co', ['staff'])).users.staff.email, TEST_PASSWORD);
    // an account that registered and has no company yet
    await t.deps.stores.users.create({
      email: 'loner@nowhere.test',
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstname: 'Lo',
      lastname: 'Ner',
      role: 'admin',
      companyId: null,
    });
    loner = await loginAs(t.app, 'loner@nowhere.test', TEST_PASSWORD);
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

    expect((await admin.get('/api/event/verify')).body.verification).toEqual({ ok: true, checked: 3 });
    // Someone edits a recorded quantity directly in the database: the recomputed hash gives it away.
    const row = await t.db.knex('ledger_blocks').where({ block_number: 1 }).first();
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    await t.db
      .knex('ledger_blocks')
      .where({ block_number: 1 })
      .update({ payload: JSON.stringify({ ...payload, quantity: 90000 }) });
    expect((await admin.get('/api/event/verify')).body.verification).toMatchObject({ ok: false, brokenAt: 1, reason: 'data hash does not match the payload' });
  });

  it('shows each company only its own blocks, nothing to an account without one, and the full-chain check only with viewSystem (issue 26 item 10)', async () => {
    const mine = (await user.get('/api/event/blocks?limit=100').expect(200)).body.blocks.map((b: { blockNumber: number }) => b.blockNumber);
    const rivalTx = (await other.post('/api/farmdata/harvesting/create').send({ farmData: farm }).expect(201)).body.farmData.txId;
    const theirs = (await other.get('/api/event/blocks?limit=100').expect(200)).body.blocks;
    expect(theirs.map((b: { channelHeader: { tx_id: string } }) => b.channelHeader.tx_id)).toEqual([rivalTx]);
    // the rival's block is not in our list, nor our last block
    expect((await user.get('/api/event/blocks?limit=100').expect(200)).body.blocks.map((b: { blockNumber: number }) => b.blockNumber)).toEqual(mine);
    expect((await user.get('/api/event/blockevents').expect(200)).body.block.blockNumber).toBe(mine[0]);
    expect((await other.get('/api/event/blockevents').expect(200)).body.block.channelHeader.tx_id).toBe(rivalTx);
    // an account with no company reads no block at all
    for (const path of ['/api/event/blocks', '/api/event/blockevents', '/api/event/verify'])
      expect([path, (await loner.get(path)).status]).toEqual([path, 403]);
    // recomputing the whole chain is an admin's (viewSystem) act, not every account's
    expect((await user.get('/api/event/verify')).status).toBe(403);
    expect((await admin.get('/api/event/verify')).status).toBe(200);
  });
});
