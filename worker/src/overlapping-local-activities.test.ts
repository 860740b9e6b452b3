/**
 * A sign that arrives while a batch's commit is still running (a slow database: the commit's local
 * activity outlives the workflow task, which the worker then heartbeats): it waits for that commit, then
 * runs its own. The run must replay from its own history, as a worker restart or a cache eviction makes
 * it do.
 */
import { Worker } from '@temporalio/worker';
import type { Ledger } from '@grain/adapters';
import { signUpdate } from '@grain/workflows';
import { WORKFLOWS_MODULE } from './create-worker';
import { createCertificate } from '@grain/domain';
import { actorOf, chainDraft, changed, startHarness, submit, type Harness } from './certificate-test-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(`cert-overlap-${process.pid}-${Date.now()}`);
}, 60_000);
afterAll(() => h?.close());

/** The ledger with every append of a key matching `slow` held back `ms` first. */
function slowLedger(real: Ledger, slow: RegExp, ms: number): Ledger {
  const hold = async (keys: string[]) => {
    if (keys.some((k) => slow.test(k))) await new Promise((r) => setTimeout(r, ms));
  };
  const wrap = (l: Ledger): Ledger =>
    new Proxy(l, {
      get(target, prop, receiver) {
        if (prop === 'appendMany')
          return async (entries: Array<{ key: string }>) => {
            await hold(entries.map((e) => e.key));
            return target.appendMany(entries as never);
          };
        if (prop === 'withinTransaction' && target.withinTransaction) return (store: never) => wrap(target.withinTransaction!(store));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  return wrap(real);
}

test('a sign accepted while the submission is still being committed runs after it and replays from its history', async () => {
  const d = chainDraft();
  const real = h.adapters.ledger;
  // longer than 80 % of the workflow task's 10 s time-out: the worker heartbeats the task meanwhile
  (h.adapters as { ledger: Ledger }).ledger = slowLedger(real, new RegExp(`${d.id}.*submission`), 12_000);
  try {
    // a1's code for level 1, made before (the embedded database has one connection, which the held commit keeps)
    const { code } = await h.otps.issue({ certificateId: d.id, level: 1, userId: 'a1', contentHash: createCertificate(d).contentHash });
    const { otpId } = await h.otps.verify({ certificateId: d.id, level: 1, userId: 'a1' }, code);
    const handle = await submit(h, d);
    await new Promise((r) => setTimeout(r, 1000));
    const signed = await changed(h, d.id, await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a1'), otpId }] }));
    expect(signed.levels[0].signed.map((x) => x.userId)).toEqual(['a1']);
    const blocks = await h.db.knex('ledger_blocks').where('idempotency_key', 'like', `%${d.id}%`).orderBy('block_number');
    expect(blocks.map((b) => b.record_type)).toEqual(['submission', 'signature']);
    // the sign was accepted before the submission's commit was recorded: it arrived while that commit ran
    const events = (await handle.fetchHistory()).events ?? [];
    const accepted = events.findIndex((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    const firstCommit = events.findIndex((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity');
    expect(accepted).toBeGreaterThan(-1);
    expect(accepted).toBeLessThan(firstCommit);
    await handle.terminate('test over');
    const history = await handle.fetchHistory();
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history)).resolves.toBeUndefined();
  } finally {
    (h.adapters as { ledger: Ledger }).ledger = real;
  }
}, 90_000);
