import { existsSync } from 'node:fs';
import path from 'node:path';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '@grain/activities';

export interface CreateWorkerOptions {
  address: string;
  namespace?: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** Overrides for tests (e.g. smaller caches); sized for a 2-core machine by default. */
  tuning?: Partial<WorkerOptions>;
}

/** The prebuilt workflow bundle (worker/dist/workflow-bundle.js, made by `npm run build`). */
export const WORKFLOW_BUNDLE = path.resolve(__dirname, '../dist/workflow-bundle.js');

/**
 * Composition root of the worker: connection + activities + workflows. Uses the prebuilt bundle when
 * present (fast start), else bundles workflows/src at start-up.
 */
export async function createWorker(opts: CreateWorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: opts.address });
  const workflowSource = existsSync(WORKFLOW_BUNDLE)
    ? { workflowBundle: { codePath: WORKFLOW_BUNDLE } }
    : { workflowsPath: require.resolve('@grain/workflows') };
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace ?? 'default',
    taskQueue: opts.taskQueue,
    activities: createActivities(opts.deps),
    ...workflowSource,
    maxCachedWorkflows: 2000,
    maxConcurrentActivityTaskExecutions: 50,
    maxConcurrentWorkflowTaskExecutions: 40,
    shutdownGraceTime: '10s',
    ...opts.tuning,
  });
  return { worker, connection };
}
