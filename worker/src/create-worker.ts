import type { AppConfig } from '@grain/adapters';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '@grain/activities';
import { installTemporalRuntime } from './runtime';

export interface CreateWorkerOptions {
  address: string;
  /** Mutual TLS to the Temporal frontend (config.temporalTls, from TEMPORAL_TLS_*). */
  tls?: AppConfig['temporalTls'];
  namespace?: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** Bundle the workflows from this module instead of using the prebuilt bundle (tests of fresh code). */
  workflowsPath?: string;
  /** Overrides for tests (e.g. smaller caches); sized for a 2-core machine by default. */
  tuning?: Partial<WorkerOptions>;
}

/** The prebuilt workflow bundle (worker/dist/workflow-bundle.js, made by `npm run build:bundle -w @grain/worker`). */
export const WORKFLOW_BUNDLE = path.resolve(__dirname, '../dist/workflow-bundle.js');

/** The module the worker bundles when no prebuilt bundle exists: the built workflows package. */
export const WORKFLOWS_MODULE = require.resolve('@grain/workflows');

/**
 * Modules loaded once per worker thread and shared by every cached workflow (the SDK's preloadModules,
 * frozen after loading), instead of a fresh copy of their module state per workflow
 * (sdk-typescript#2227). Only modules without per-run state belong here: the workflow-safe domain is
 * pure functions and read-only tables.
 */
export const PRELOADED_MODULES = ['@grain/domain/workflow-safe'];

/**
 * Sizing for a 2-core machine: workflow tasks are short CPU bursts, so few concurrent slots; activities
 * mostly wait on the database, SMTP and Chromium, so more slots, capped so PDF renders do not pile up.
 * Exported so the benchmarks' ceiling worker runs with the same settings.
 */
export const WORKER_SIZING = {
  maxCachedWorkflows: 1000,
  maxConcurrentWorkflowTaskExecutions: 8,
  maxConcurrentActivityTaskExecutions: 32,
  maxConcurrentLocalActivityExecutions: 8,
  shutdownGraceTime: '10s',
} satisfies Partial<WorkerOptions>;

/**
 * Composition root of the worker: connection + activities + workflows. Uses the prebuilt bundle when
 * present (start-up in well under a second instead of a webpack run), else bundles at start-up.
 */
export async function createWorker(opts: CreateWorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  installTemporalRuntime();
  const connection = await NativeConnection.connect({ address: opts.address, tls: opts.tls });
  const workflowSource = opts.workflowsPath
    ? { workflowsPath: opts.workflowsPath, bundlerOptions: { preloadModules: PRELOADED_MODULES } }
    : existsSync(WORKFLOW_BUNDLE)
      ? { workflowBundle: { codePath: WORKFLOW_BUNDLE } }
      : { workflowsPath: WORKFLOWS_MODULE, bundlerOptions: { preloadModules: PRELOADED_MODULES } };
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace ?? 'default',
    taskQueue: opts.taskQueue,
    activities: createActivities(opts.deps),
    ...workflowSource,
    ...WORKER_SIZING,
    ...opts.tuning,
  });
  return { worker, connection };
}
