/**
 * Memory per cached workflow (issue 29): the worker runs every workflow in one V8 context and gives each
 * run its own copy of every module the run loads (webpack's module cache per run) except the preloaded
 * ones (PRELOADED_MODULES). A cached certificate run must not carry a copy of its own of the workflows
 * package or of Temporal's workflow library: their code, closures and export tables are shared.
 * The worker runs in debugMode so its workflows run on this thread, where the runs can be looked at.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
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

/** How many objects of this thread's heap (the sandbox's included: debugMode) have every one of `props` as own properties. */
function objectsWith(props: string[]): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-heap-'));
  try {
    const snap = JSON.parse(readFileSync(v8.writeHeapSnapshot(path.join(dir, 'h.heapsnapshot')), 'utf8')) as {
      snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
      nodes: number[];
      edges: number[];
      strings: string[];
    };
    const { node_fields: nf, edge_fields: ef, node_types, edge_types } = snap.snapshot.meta;
    const [type, edgeCount] = [nf.indexOf('type'), nf.indexOf('edge_count')];
    const [edgeType, edgeName] = [ef.indexOf('type'), ef.indexOf('name_or_index')];
    let n = 0;
    for (let i = 0, e = 0; i < snap.nodes.length; i += nf.length) {
      const count = snap.nodes[i + edgeCount];
      if (node_types[0][snap.nodes[i + type]] === 'object') {
        const own = new Set<string>();
        for (let k = 0; k < count; k++) {
          const at = e + k * ef.length;
          if (edge_types[0][snap.edges[at + edgeType]] === 'property') own.add(snap.strings[snap.edges[at + edgeName]]);
        }
        if (props.every((p) => own.has(p))) n++;
      }
      e += count * ef.length;
    }
    return n;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The SDK ties each local activity scheduled in a cancellable scope to the scope's cancellation (a reaction
// on its promise), which keeps the call's arguments: in the run's root scope, for as long as the run is
// cached. Each commit's argument holds the whole state it wrote, so a cached run kept one old state a
// commit (heap snapshot, 100 open: one per run, three copies of every signer with the draft's).
test("a cached certificate run keeps no commit's argument (nor the state it carried) once the commit is done", async () => {
  const drafts = [chainDraft(), chainDraft(), chainDraft()];
  for (const d of drafts) await submit(h, d);
  for (const d of drafts)
    await eventually(
      () => h.store.get(d.companyId, d.id),
      (s) => s?.state.status === 'signing',
    );
  expect(objectsWith(['ledger', 'state', 'readModel', 'notices', 'at'])).toBe(0);
}, 60_000);
