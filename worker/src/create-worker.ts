import type { AppConfig } from '@grain/adapters';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '@grain/activities';
import { HeartbeatWhileRunning } from './heartbeats';
import { MailOutboxRelay } from '@grain/adapters';
import type { DbNotifications } from '@grain/persistence';
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
  /** The Worker Deployment version this worker runs (versioning.ts); unversioned without. */
  deployment?: WorkerDeployment;
  /**
   * The database's notifications (Db.notifications): the mail outbox's relay wakes at the commit that
   * queued a mail. Without them it looks every second.
   */
  notifications?: Pick<DbNotifications, 'listen'>;
}

/** A Worker Deployment version: the deployment's name and the build id of the code a worker runs. */
export interface WorkerDeployment {
  name: string;
  buildId: string;
}

/** The prebuilt workflow bundle (worker/dist/workflow-bundle.js, made by `npm run build:bundle -w @grain/worker`). */
export const WORKFLOW_BUNDLE = path.resolve(__dirname, '../dist/workflow-bundle.js');

/** The module the worker bundles when no prebuilt bundle exists: the built workflows package. */
export const WORKFLOWS_MODULE = require.resolve('@grain/workflows');

/**
 * Modules loaded once per worker thread and shared by every cached workflow (the SDK's preloadModules,
 * their exports frozen after loading), instead of a fresh copy of their code's closures, export tables
 * and module state per workflow (sdk-typescript#2227). Only modules without per-run state belong here:
 * the workflow-safe domain is pure functions and read-only tables; the workflows package (and Temporal's
 * workflow library it loads) keeps no state at module level either: message definitions, activity
 * proxies resolved at call time, functions and classes whose every instance belongs to one run. Each
 * cached certificate then holds only its own run (shared-workflow-modules.test.ts; 0.40 -> 0.32 MB RSS
 * per cached workflow with 1,000 open, bench/RESULTS.md).
 */
export const PRELOADED_MODULES = ['@grain/domain/workflow-safe', '@grain/workflows'];

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

/** The workflow code a worker (or a replay) runs: `workflowsPath` bundled, else the prebuilt bundle, else the built module bundled. */
export function workflowSource(workflowsPath?: string) {
  if (workflowsPath) return { workflowsPath, bundlerOptions: { preloadModules: PRELOADED_MODULES } };
  if (existsSync(WORKFLOW_BUNDLE)) return { workflowBundle: { codePath: WORKFLOW_BUNDLE } };
  return { workflowsPath: WORKFLOWS_MODULE, bundlerOptions: { preloadModules: PRELOADED_MODULES } };
}

/**
 * Composition root of the worker: connection + activities + workflows, and the mail outbox's relay
 * (certificate mails are queued by the activities and sent by it), which runs while `worker.run()` does.
 * Uses the prebuilt bundle when present (start-up in well under a second instead of a webpack run), else
 * bundles at start-up.
 */
export async function createWorker(opts: CreateWorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  installTemporalRuntime();
  const connection = await NativeConnection.connect({ address: opts.address, tls: opts.tls });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace ?? 'default',
    taskQueue: opts.taskQueue,
    activities: createActivities(opts.deps),
    interceptors: { activity: [(ctx) => ({ inbound: new HeartbeatWhileRunning(ctx) })] },
    ...workflowSource(opts.workflowsPath),
    ...WORKER_SIZING,
    // its workflows pinned to the version they started on (versioning.ts)
    ...(opts.deployment && {
      workerDeploymentOptions: {
        useWorkerVersioning: true,
        version: { deploymentName: opts.deployment.name, buildId: opts.deployment.buildId },
        defaultVersioningBehavior: 'PINNED',
      },
    }),
    ...opts.tuning,
  });
  const relay = new MailOutboxRelay(opts.deps.stores.mailOutbox, opts.deps.adapters.mail, opts.notifications, {
    pollMs: opts.notifications ? 10_000 : 1_000,
    log: (msg, fields) => console.warn(msg, fields ?? ''),
  });
  // The relay lives as long as the worker runs: started with run(), stopped when run() ends. The worker
  // runs first (its state is RUNNING at once, so a shutdown() right after run() stops it), the relay
  // beside it; a relay that cannot listen still polls.
  const run = worker.run.bind(worker);
  Object.assign(worker, {
    run: async () => {
      const running = run();
      const started = relay.start().catch((e: unknown) => console.warn('mail outbox relay: not listening, polling only', String(e)));
      try {
        return await running;
      } finally {
        await started;
        await relay.stop();
      }
    },
  });
  return { worker, connection };
}
