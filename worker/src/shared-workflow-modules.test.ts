/**
 * Memory per cached workflow (issue 29): the worker runs every workflow in one V8 context and gives each
 * run its own copy of every module the run loads (webpack's module cache per run) except the preloaded
 * ones (PRELOADED_MODULES). A cached certificate run must not carry a copy of its own of the workflows
 * package or of Temporal's workflow library: their code, closures and export tables are shared.
 * The worker runs in debugMode so its workflows run on this thread, where the runs can be looked at.
 */
import { ReusableVMWorkflowCreator } from '@temporalio/worker/lib/workflow/reusable-vm';
import { chainDraft, eventually, startHarness, submit, type Harness } from './certificate-test-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(`shared-modules-${process.pid}-${Date.now()}`, { tuning: { debugMode: true } });
}, 60_000);
afterAll(() => h?.close());

/** The modules a cached run evaluated for itself (its own module cache), by path. */
function ownModulesOf(runId: string): string[] {
  const run = (
    ReusableVMWorkflowCreator as unknown as { workflowByRunId: Map<string, { activator: { moduleCache: Map<string, unknown> } }> }
  ).workflowByRunId.get(runId);
  if (!run) throw new Error(`run ${runId} is not cached in this worker`);
  return [...run.activator.moduleCache.keys()];
}

test('a cached certificate run holds no module copy of the workflows package or of the workflow library', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await eventually(
    () => h.store.get(d.companyId, d.id),
    (s) => s?.state.status === 'signing',
  );
  const own = ownModulesOf((await handle.describe()).runId);
  expect(own.filter((m) => /workflows\/dist\/|@temporalio\/workflow\//.test(m))).toEqual([]);
}, 60_000);
