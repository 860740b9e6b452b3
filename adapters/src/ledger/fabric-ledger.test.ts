/**
 * The Fabric ledger on a real local Fabric network (scripts/fabric-start.mjs: a Raft orderer, a peer
 * and the grain quality chaincode service as processes on loopback), started in a temp dir on free
 * ports for this file and removed afterwards. Skipped only when the Fabric binaries are not in the
 * cache: building them takes minutes, so it is a separate step (`npm run fabric:ensure`).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildAdapters, closeAdapters } from '../adapters';
import { loadConfig } from '../config';
import { createStores } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { FabricLedger } from './fabric-ledger';
import { freePortRange } from '../free-port-range';

const ROOT = path.resolve(__dirname, '../../..');
const script = (name: string) => path.join(ROOT, 'scripts', name);
const run = promisify(execFile);
const fabricCached = spawnSync(process.execPath, [script('fabric-ensure.mjs'), '--find'], { stdio: 'ignore' }).status === 0;
if (!fabricCached) {
  console.log(
    '[fabric] SKIPPING the Fabric ledger integration test: the Fabric binaries (peer, orderer, configtxgen, cryptogen, osnadmin) are not in the cache. Build them once with `npm run fabric:ensure` (compiles Fabric v2.5 from the Go module proxy, about 6 minutes on 2 cores), then run this test again.',
  );
}
const describeFabric = fabricCached ? describe : describe.skip;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What the activity's retry policy does for a ledger append while the peer is away. */
async function retried<T>(fn: () => Promise<T>, attempts = 40): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts) throw e;
      await sleep(500);
    }
  }
}

describeFabric('FabricLedger on a local Fabric network', () => {
  let dir: string;
  let env: Record<string, string>;
  let ledger: FabricLedger;
  const tag = `t${Date.now().toString(36)}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'grain-fabric-'));
    const t0 = Date.now();
    let stdout = '';
    // One more try on a fresh directory and ports if the first start fails (a busy machine, a port race).
    for (let attempt = 1; ; attempt++) {
      const base = await freePortRange(7); // orderer, admin, ops, peer, chaincode, ops, ccaas
      try {
        ({ stdout } = await run(process.execPath, [script('fabric-start.mjs'), `--dir=${dir}`, `--base-port=${base}`, '--no-build', '--json'], {
          timeout: 300_000,
        }));
        break;
      } catch (e) {
        if (attempt >= 2) throw e;
        console.warn(`[fabric] start failed, trying again: ${(e as Error).message.split('\n').slice(-3).join(' ')}`);
        await run(process.execPath, [script('fabric-stop.mjs'), `--dir=${dir}`, '--clean']).catch(() => undefined);
        dir = mkdtempSync(path.join(os.tmpdir(), 'grain-fabric-'));
      }
    }
    env = JSON.parse(stdout.trim().split('\n').pop()!);
    console.log(`[fabric] network started in ${((Date.now() - t0) / 1000).toFixed(1)}s (${dir})`);
    ledger = new FabricLedger(loadConfig(env as NodeJS.ProcessEnv).fabric!);
  }, 300_000);

  afterAll(async () => {
    ledger?.close();
    if (dir) await run(process.execPath, [script('fabric-stop.mjs'), `--dir=${dir}`, '--clean']);
  }, 60_000);

  test('appends a record once: a retry answers with the first transaction and adds no block', async () => {
    const key = `${tag}:sig-1`;
    const payload = { certificateId: 'c1', level: 1, signer: 'a1', note: 'ok', weights: [1, 2] };
    const first = await ledger.append({ key, type: 'signature', payload });
    expect(first.created).toBe(true);
    expect(first.txId).toMatch(/^[0-9a-f]{64}$/);
    const height = await ledger.height();
    expect(first.blockNumber).toBe(height - 1);

    const again = await ledger.append({ key, type: 'signature', payload });
    expect(again).toEqual({ txId: first.txId, blockNumber: first.blockNumber, created: false });
    expect(await ledger.height()).toBe(height);

    const block = await ledger.findByKey(key);
    expect(block).toMatchObject({
      blockNumber: first.blockNumber,
      recordType: 'signature',
      key,
      payload,
      channelHeader: { type: 'ENDORSER_TRANSACTION', tx_id: first.txId, channel_id: 'grainquality' },
    });
    expect(block!.dataHash).toMatch(/^[0-9a-f]{64}$/);
    expect(block!.previousHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(block!.channelHeader.timestamp) - Date.now())).toBeLessThan(120_000);
    expect(await ledger.findByKey(`${tag}:never-written`)).toBeNull();
  });

  test('survives a peer restart: the retried append is not written twice', async () => {
    const k1 = `${tag}:completion`;
    const k2 = `${tag}:after-restart`;
    const first = await ledger.append({ key: k1, type: 'completion', payload: { certificateId: 'c2' } });
    expect(first.created).toBe(true);
    const heightBefore = await ledger.height();

    await run(process.execPath, [script('fabric-stop.mjs'), `--dir=${dir}`, '--only=peer']);
    await expect(ledger.append({ key: k2, type: 'farm_data', payload: { farm: 'f1' } })).rejects.toThrow(/UNAVAILABLE|unavailable|connect/i);
    const { stderr } = await run(process.execPath, [script('fabric-start.mjs'), `--dir=${dir}`, '--no-build'], { timeout: 120_000 });
    expect(stderr).toMatch(/started peer\)/);

    // The activity retries the append whose answer it never got: same transaction, no new block.
    const again = await retried(() => ledger.append({ key: k1, type: 'completion', payload: { certificateId: 'c2' } }));
    expect(again).toEqual({ txId: first.txId, blockNumber: first.blockNumber, created: false });
    expect(await ledger.height()).toBe(heightBefore);

    const next = await retried(() => ledger.append({ key: k2, type: 'farm_data', payload: { farm: 'f1' } }));
    expect(next).toMatchObject({ created: true, blockNumber: heightBefore });
    expect(await ledger.lastBlock()).toMatchObject({ blockNumber: heightBefore, key: k2, recordType: 'farm_data', payload: { farm: 'f1' } });
  }, 180_000);

  test('concurrent appends of one key commit it once', async () => {
    const key = `${tag}:race`;
    const receipts = await Promise.all([1, 2, 3].map(() => ledger.append({ key, type: 'delegation', payload: { from: 'a1', to: 'a2' } })));
    expect(receipts.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(receipts.map((r) => r.txId)).size).toBe(1);
    const recent = await ledger.blocks({ limit: 10 });
    expect(recent.filter((b) => b.key === key && b.recordType === 'delegation')).toHaveLength(1);
    // The losers of the race (if they reached the orderer) are in blocks too, marked invalid by the peer.
    for (const b of recent.filter((x) => x.key === key && x.recordType !== 'delegation')) {
      expect(b).toMatchObject({ recordType: 'invalid', payload: { validation: 'MVCC_READ_CONFLICT' } });
    }
  });

  test('pages blocks newest first and verifies the hash chain from the genesis block', async () => {
    const height = await ledger.height();
    const page = await ledger.blocks({ limit: 3 });
    expect(page.map((b) => b.blockNumber)).toEqual([height - 1, height - 2, height - 3]);
    const older = await ledger.blocks({ before: page[2].blockNumber, limit: 200 });
    expect(older[0].blockNumber).toBe(page[2].blockNumber - 1);
    const genesis = older[older.length - 1];
    expect(genesis).toMatchObject({ blockNumber: 0, recordType: 'config', channelHeader: { type: 'CONFIG', channel_id: 'grainquality' } });
    // every block names the hash of the block before it
    expect(page[0].previousHash).toBe(page[1].blockHash);
    expect(await ledger.verify()).toEqual({ ok: true, checked: height });
  });

  test('LEDGER=fabric makes buildAdapters use the gateway, and its ping reaches the chaincode', async () => {
    const db = await createTestDb();
    const adapters = buildAdapters(loadConfig({ ...env, DATA_DIR: dir } as NodeJS.ProcessEnv), createStores(db.knex));
    try {
      expect(adapters.ledger).toBeInstanceOf(FabricLedger);
      expect(adapters.ledger.info()).toMatchObject({ kind: 'real' });
      await expect(adapters.ledger.ping()).resolves.toBeUndefined();
    } finally {
      await closeAdapters(adapters);
      await db.close();
    }
  });

  // typed, so a change of the harness's signatures fails the type check here too (not only at run time, where Fabric is)
  const worker = (): typeof import('@grain/worker/dist/certificate-test-harness') => require('@grain/worker/dist/certificate-test-harness');
  test('a certificate signed with LEDGER=fabric leaves its records in Fabric blocks', async () => {
    // The worker harness (real dev server, worker, SMTP, Chromium), with its ledger swapped for Fabric:
    // activities read deps.adapters.ledger on every call.
    const { startHarness, chainDraft, submit, signWithCode, finalState } = worker();
    const h = await startHarness(`fabric-cert-${process.pid}-${Date.now()}`);
    try {
      h.adapters.ledger = new FabricLedger(loadConfig(env as NodeJS.ProcessEnv).fabric!);
      const d = chainDraft();
      const handle = await submit(h, d);
      const signers = ['a1', 'a2', 'b1', 'b3', 'c2', 'c3'];
      for (const id of signers) await signWithCode(h, handle, d.id, id);
      // the workflow ends with its version and status; the whole state is the read model's
      expect((await handle.result()).status).toBe('done');
      const final = await finalState(h, d.id, handle);

      const blocks = (await ledger.blocks({ limit: 60 })).filter((b) => b.key.startsWith(`${handle.workflowId}:`)).reverse();
      expect(blocks.map((b) => b.recordType)).toEqual(['submission', ...signers.map(() => 'signature'), 'completion']);
      const txIds = new Set(blocks.map((b) => b.channelHeader.tx_id));
      for (const l of final.levels) for (const s of l.signed) expect(txIds.has(s.txId ?? '')).toBe(true);
      for (const b of blocks) expect(b.channelHeader).toMatchObject({ type: 'ENDORSER_TRANSACTION', channel_id: 'grainquality' });
      // nothing went to the embedded ledger
      expect(Number((await h.db.knex('ledger_blocks').where('idempotency_key', 'like', `${handle.workflowId}:%`).count({ n: '*' }))[0].n)).toBe(0);
      expect(await ledger.verify()).toMatchObject({ ok: true });
    } finally {
      await h.close();
    }
  }, 240_000);
});
