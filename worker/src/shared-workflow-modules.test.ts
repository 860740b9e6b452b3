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
import { chainDraft, eventually, signWithCode, startHarness, submit, type Harness } from './certificate-test-harness';

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

/** Until the read model shows the submitted certificate signing (its first commit is in). */
const signingInReadModel = (d: ReturnType<typeof chainDraft>) =>
  eventually(
    () => h.store.get(d.companyId, d.id),
    (s) => s?.state.status === 'signing',
  );

/**
 * `look` (a heap snapshot) until `ok`, at most 5 times a second apart: counted in snapshots, not in time: a
 * snapshot of this process is slow on a loaded machine (the file took 165 s in a CI run), so a 10 s `eventually`
 * could take a single one, right after the run's last task, and CI twice found one commit's argument there.
 */
async function inSnapshots<T>(look: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 1; ; i++) {
    const v = await look();
    if (ok(v) || i === 5) return v;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Until the run is idle: no workflow task open (the run has taken its last commit's result). */
const idle = (handle: Awaited<ReturnType<typeof submit>>) =>
  eventually(
    async () => (await handle.describe()).raw.pendingWorkflowTask,
    (task) => task == null,
  );

test('a cached certificate run holds no module copy of the workflows package or of the workflow library', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await signingInReadModel(d);
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
  await signingInReadModel(d);
  const handlers = updateHandlersOf((await handle.describe()).runId);
  expect([...handlers.keys()].sort()).toEqual(['adjustLevel', 'cancel', 'delegate', 'edit', 'reject', 'remind', 'resubmit', 'sign']);
  expect(new Set([...handlers.values()].flatMap((e) => [e.handler, e.validator])).size).toBe(2);
}, 60_000);

/**
 * How many objects of this thread's heap (the sandbox's included: debugMode) have every one of `props` as own
 * properties (`edge` 'property'), or, with `edge` 'context', how many closure contexts hold every one of `props`
 * as variables. The snapshot is read from its bytes: in a full test run this process's heap is the test
 * runner's too, and its snapshot can be longer than V8's longest string (JSON.parse of it failed in CI).
 */
function objectsWith(props: string[], edge: 'property' | 'context' = 'property'): number {
  return objectsWithEach([{ props, edge }])[0]!;
}

/** objectsWith for several queries, from one heap snapshot (a snapshot of the test runner's heap takes seconds). */
function objectsWithEach(queries: Array<{ props: string[]; edge: 'property' | 'context' }>): number[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-heap-'));
  try {
    const buf = readFileSync(v8.writeHeapSnapshot(path.join(dir, 'h.heapsnapshot')));
    const at = (key: string, from = 0) => {
      const i = buf.indexOf(`"${key}":[`, from);
      if (i < 0) throw new Error(`no ${key} in the heap snapshot`);
      return i + key.length + 4;
    };
    // {"snapshot":{...},\n"nodes":[ : the header is small
    const nodesAt = at('nodes');
    const head = buf.subarray(0, buf.lastIndexOf('"nodes"', nodesAt)).toString().replace(/,\s*$/, '');
    const { snapshot } = JSON.parse(`${head}}`) as {
      snapshot: {
        meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] };
        node_count: number;
        edge_count: number;
      };
    };
    const { node_fields: nf, edge_fields: ef, node_types, edge_types } = snapshot.meta;
    /** The comma-separated integers from `from` to the closing bracket, into `out`; the index after it. */
    const ints = (from: number, out: Uint32Array) => {
      let i = from;
      let n = 0;
      let v = -1;
      for (; buf[i] !== 0x5d; i++) {
        const c = buf[i]!;
        if (c >= 0x30 && c <= 0x39) v = (v < 0 ? 0 : v * 10) + (c - 0x30);
        else if (v >= 0) {
          out[n++] = v;
          v = -1;
        }
      }
      if (v >= 0) out[n++] = v;
      if (n !== out.length) throw new Error(`heap snapshot: ${n} integers where ${out.length} were announced`);
      return i + 1;
    };
    const nodes = new Uint32Array(snapshot.node_count * nf.length);
    const edges = new Uint32Array(snapshot.edge_count * ef.length);
    const edgesAt = at('edges', ints(nodesAt, nodes));
    // the strings that are one of `props` (plain names: compared as raw bytes), by index
    const names = [...new Set(queries.flatMap((q) => q.props))];
    const wanted = new Map(names.map((p, k) => [Buffer.from(p).toString('hex'), k]));
    const propOf = new Map<number, number>();
    let i = at('strings', ints(edgesAt, edges));
    for (let k = 0; ; k++) {
      while (buf[i] !== 0x22 && buf[i] !== 0x5d) i++;
      if (buf[i] === 0x5d) break;
      let j = i + 1;
      while (buf[j] !== 0x22) j += buf[j] === 0x5c ? 2 : 1;
      const p = wanted.get(buf.subarray(i + 1, j).toString('hex'));
      if (p !== undefined) propOf.set(k, p);
      i = j + 1;
    }
    const [type, edgeCount] = [nf.indexOf('type'), nf.indexOf('edge_count')];
    const [edgeType, edgeName] = [ef.indexOf('type'), ef.indexOf('name_or_index')];
    const objectType = node_types[0].indexOf('object');
    const asked = queries.map((q) => ({ edge: edge_types[0].indexOf(q.edge), props: q.props.map((p) => names.indexOf(p)) }));
    const n = queries.map(() => 0);
    for (let x = 0, e = 0; x < nodes.length; x += nf.length) {
      const count = nodes[x + edgeCount]!;
      if (nodes[x + type] === objectType) {
        asked.forEach((q, i) => {
          const own = new Set<number>();
          for (let k = 0; k < count; k++) {
            const y = e + k * ef.length;
            const p = edges[y + edgeType] === q.edge ? propOf.get(edges[y + edgeName]!) : undefined;
            if (p !== undefined && q.props.includes(p)) own.add(p);
          }
          if (own.size === q.props.length) n[i]!++;
        });
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
  const handles = [];
  for (const d of drafts) handles.push(await submit(h, d));
  for (const d of drafts) await signingInReadModel(d);
  // The store shows 'signing' once the commit's transaction is in; the run lets go of the commit's argument
  // only when its workflow task has taken the commit's result. Each run must be idle: no workflow task open.
  for (const handle of handles) await idle(handle);
  // What a run keeps for its life is looked for, not what the activity's side lets go of a moment after the
  // task (a snapshot taken at once found the last commit's argument once, on a loaded machine): eventually none.
  expect(
    await inSnapshots(
      async () => objectsWith(['ledger', 'state', 'readModel', 'notices', 'at']),
      (n) => n === 0,
    ),
  ).toBe(0);
}, 300_000);

/**
 * Whether this thread's heap holds `value` as a string of its own (a whole string, not a part of a longer
 * one), or with `quoted`, `value` in JSON quotes (what JSON.stringify makes of it): that string is looked for
 * as bytes only, so the search makes no such string itself.
 */
function heapHoldsString(value: string, quoted = false): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-heap-'));
  try {
    const buf = readFileSync(v8.writeHeapSnapshot(path.join(dir, 'h.heapsnapshot')));
    const from = buf.indexOf('"strings":[');
    // each string of the snapshot's table is one JSON string, after '[' or ',' (and a newline)
    const q = Buffer.from(quoted ? '\\"' : '');
    const needle = Buffer.concat([Buffer.from('"'), q, Buffer.from(value), q, Buffer.from('"')]);
    for (let i = buf.indexOf(needle, from); i >= 0; i = buf.indexOf(needle, i + 1)) {
      const before = buf[i - 1];
      const after = buf[i + needle.length];
      if ((before === 0x2c || before === 0x5b || before === 0x0a) && (after === 0x2c || after === 0x5d || after === 0x0a)) return true;
    }
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The run compared each change's search attributes with a map of its own of the last ones, each value a
// JSON string (heap snapshot: the certificate number as '"N-…"' once per run), which the workflow's info
// holds already (the start's, then each upsert applied by the SDK).
test('a cached certificate run keeps no copy of its search attributes besides the workflow info', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await signingInReadModel(d);
  await idle(handle);
  // in snapshots (as above): what the run keeps, not what the last task's work lets go of a moment after
  expect(
    await inSnapshots(
      async () => heapHoldsString(d.approvalNumber, true),
      (held) => !held,
    ),
  ).toBe(false);
  // what the run holds of its search attributes is still there: the info's value, a string of its own
  expect(heapHoldsString(d.approvalNumber)).toBe(true);
}, 300_000);

/** Every run's cancellation scopes, and the waits (conditions) tied to a scope's cancellation, in this thread's heap. */
const scopesAndWaits = () => {
  const [scopes, waits] = objectsWithEach([
    { props: ['cancellable', 'parent', 'cancelRequested', 'reject'], edge: 'property' },
    // the context of a condition (the SDK's conditionInner: the activator and the predicate), which its
    // reaction to its scope's cancellation keeps
    { props: ['activator', 'fn'], edge: 'context' },
  ]);
  return { scopes: scopes!, waits: waits! };
};

// The SDK ties a scope it makes to its parent's cancellation, and a condition in a scope that can be cancelled
// to that scope's, by a reaction on a promise settled only if the workflow is cancelled: each commit (a scope
// that cannot be cancelled) and each wait of a run stayed in memory as long as the run was cached (before:
// one sign of each of two certificates took the heap from 6 scopes and 2 waits to 8 and 6).
test('a cached certificate run keeps nothing of the commits and waits it is done with', async () => {
  const drafts = [chainDraft(), chainDraft()];
  const handles: Awaited<ReturnType<typeof submit>>[] = [];
  for (const d of drafts) handles.push(await submit(h, d));
  const allIdle = async () => {
    for (const handle of handles) await idle(handle);
  };
  for (const d of drafts) await signingInReadModel(d);
  await allIdle();
  const before = scopesAndWaits();
  // one sign each (level 1 needs two): a commit and its waits, the same timer before and after
  for (const [i, d] of drafts.entries()) await signWithCode(h, handles[i]!, d.id, 'a1');
  await allIdle();
  // in snapshots (as above): what the runs keep, not what the last tasks' work lets go of a moment after
  const after = await inSnapshots(
    async () => scopesAndWaits(),
    (x) => x.scopes === before.scopes && x.waits === before.waits,
  );
  expect(after).toEqual(before);
}, 300_000);

// The run's waits are made in a scope that cannot be cancelled (above), and end themselves when the workflow
// is: a certificate's workflow cancelled through Temporal still ends cancelled, as when they were the root's.
test('a certificate workflow cancelled through Temporal ends cancelled', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await signingInReadModel(d);
  await handle.cancel();
  await expect(handle.result()).rejects.toThrow();
  expect((await handle.describe()).status.name).toBe('CANCELLED');
}, 60_000);
