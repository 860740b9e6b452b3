/**
 * Worker Versioning on the real dev server (server 1.29.1, the production stack's): a certificate runs
 * to its end on the worker version it started on, while a newer version, made current, takes the new
 * ones (docs/CONTRIBUTING.md, "Changing the workflow"). The production stack test does the same with
 * worker processes.
 */
import type { WorkflowHandle } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { createWorker, WORKFLOWS_MODULE, type WorkerDeployment } from './create-worker';
import { chainDraft, signWithCode, startHarness, submit, type Harness } from './certificate-test-harness';
import { currentVersion, makeCurrentVersion } from './versioning';

const name = `grain-test-${process.pid}-${Date.now()}`;
const v1: WorkerDeployment = { name, buildId: 'v1' };
const v2: WorkerDeployment = { name, buildId: 'v2' };
let h: Harness;
let next: { worker: Worker; run: Promise<void>; close(): Promise<void> } | undefined;
beforeAll(async () => {
  h = await startHarness(`cert-versions-${process.pid}-${Date.now()}`, { deployment: v1 });
  await makeCurrentVersion(h.connection, 'default', v1);
}, 60_000);
afterAll(async () => {
  await next?.close();
  await h?.close();
});

/** The build ids of the workers that completed the run's workflow tasks, and the version it is pinned to. */
async function versionsOf(handle: WorkflowHandle) {
  const events = (await handle.fetchHistory()).events ?? [];
  const tasks = new Set(events.map((e) => e.workflowTaskCompletedEventAttributes?.deploymentVersion?.buildId).filter(Boolean));
  const info = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo;
  return { tasks: [...tasks], pinned: info?.deploymentVersion?.buildId, behavior: info?.behavior };
}

test('a certificate in flight stays on the worker version it started on until it finishes; new ones start on the current version', async () => {
  const old = chainDraft();
  const inFlight = await submit(h, old);
  await signWithCode(h, inFlight, old.id, 'a1');

  // the next version's worker starts beside the running one and becomes current
  const { worker, connection } = await createWorker({
    address: process.env.TEMPORAL_TEST_ADDRESS!,
    taskQueue: h.taskQueue,
    deps: h.deps,
    workflowsPath: WORKFLOWS_MODULE,
    deployment: v2,
  });
  next = { worker, run: worker.run(), close: async () => (worker.shutdown(), await next!.run.catch(() => undefined), await connection.close()) };
  await makeCurrentVersion(h.connection, 'default', v2);
  expect(await currentVersion(h.connection, 'default', name)).toBe('v2');

  const fresh = chainDraft();
  const started = await submit(h, fresh);
  await signWithCode(h, started, fresh.id, 'a1');
  for (const id of ['a2', 'b1', 'b2', 'c1', 'c2']) await signWithCode(h, inFlight, old.id, id);
  expect((await inFlight.result()).status).toBe('done');

  expect(await versionsOf(inFlight)).toEqual({ tasks: ['v1'], pinned: 'v1', behavior: expect.anything() });
  expect(await versionsOf(started)).toEqual({ tasks: ['v2'], pinned: 'v2', behavior: expect.anything() });
  await started.terminate('test over');
}, 120_000);
