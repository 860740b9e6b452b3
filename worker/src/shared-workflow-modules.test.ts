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

/** The functions a cached run registered as its Updates' handlers and validators, by Update name. */
function updateHandlersOf(runId: string): Map<string, { handler: unknown; validator?: unknown }> {
  const run = (
    ReusableVMWorkflowCreator as unknown as {
      workflowByRunId: Map<string, { activator: { updateHandlers: Map<string, { handler: unknown; validator?: unknown }> } }>;
    }
  ).workflowByRunId.get(runId);
  if (!run) throw new Error(`run ${runId} is not cached in this worker`);
  return run.activator.updateHandlers;
}

// Each cached run kept, per Update (8), a handler, a validator, an id reader, a default apply and a map of the
// commands its validators built, each a closure with its own context (heap snapshot, 100 open: 8 of each a run).
test('a cached certificate run registers one handler and one validator for all its 8 Updates', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await eventually(
    () => h.store.get(d.companyId, d.id),
    (s) => s?.state.status === 'signing',
  );
  const handlers = updateHandlersOf((await handle.describe()).runId);
  expect([...handlers.keys()].sort()).toEqual(['adjustLevel', 'cancel', 'delegate', 'edit', 'reject', 'remind', 'resubmit', 'sign']);
  expect(new Set([...handlers.values()].flatMap((e) => [e.handler, e.validator])).size).toBe(2);
}, 60_000);
