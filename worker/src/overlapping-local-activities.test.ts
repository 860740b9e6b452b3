/**
 * A code request that arrives while a batch's commit is still running (a slow database: the commit's
 * local activity outlives the workflow task, which the worker then heartbeats). The run must replay
 * from its own history, as a worker restart or a cache eviction makes it do.
 */
import { Worker } from '@temporalio/worker';
import type { Ledger } from '@grain/adapters';
import { requestOtpUpdate } from '@grain/workflows';
import { WORKFLOWS_MODULE } from './create-worker';
import { actorOf, chainDraft, startHarness, submit, type Harness } from './certificate-test-harness';

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

test('a code request answered while the submission is still being committed replays from its history', async () => {
  const d = chainDraft();
  const real = h.adapters.ledger;
  // longer than 80 % of the workflow task's 10 s time-out: the worker heartbeats the task meanwhile
  (h.adapters as { ledger: Ledger }).ledger = slowLedger(real, new RegExp(`${d.id}.*submission`), 12_000);
  try {
    const handle = await submit(h, d);
    await new Promise((r) => setTimeout(r, 1000));
    const asked = await handle.executeUpdate(requestOtpUpdate, { args: [{ actor: actorOf('a1') }] });
    expect(asked.level).toBe(1);
    // the submission's commit finishes after the code request was answered
    for (let i = 0; i < 60 && !(await h.db.knex('ledger_blocks').where('idempotency_key', 'like', `%${d.id}%`).first()); i++)
      await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 1000));
    await handle.terminate('test over');
    const history = await handle.fetchHistory();
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history)).resolves.toBeUndefined();
  } finally {
    (h.adapters as { ledger: Ledger }).ledger = real;
  }
}, 90_000);
