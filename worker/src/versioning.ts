/**
 * Worker Versioning (docs/CONTRIBUTING.md, "Changing the workflow"): in the production stack every
 * worker belongs to a Worker Deployment (WORKER_DEPLOYMENT_NAME) and runs one version of it, its build
 * id (WORKER_BUILD_ID, else the hash of the workflow bundle it runs, so the version changes exactly
 * when the workflow code does). Workflows are pinned: a certificate runs to its end on the version it
 * started on, while the current version takes the new ones. Without WORKER_DEPLOYMENT_NAME (`npm start`,
 * tests) a worker is unversioned.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { NativeConnection } from '@temporalio/worker';
import { WORKFLOW_BUNDLE, type WorkerDeployment } from './create-worker';

/** The version a worker runs, from its environment; undefined for an unversioned worker. */
export function workerDeploymentOf(env: NodeJS.ProcessEnv): WorkerDeployment | undefined {
  const name = env.WORKER_DEPLOYMENT_NAME?.trim();
  if (!name) return undefined;
  const buildId = env.WORKER_BUILD_ID?.trim() || bundleBuildId();
  return { name, buildId };
}

/** The first 12 hex digits of the workflow bundle's sha256. */
function bundleBuildId(): string {
  if (!existsSync(WORKFLOW_BUNDLE))
    throw new Error('WORKER_DEPLOYMENT_NAME is set but WORKER_BUILD_ID is not, and there is no workflow bundle to take it from: run `npm run build`');
  return createHash('sha256').update(readFileSync(WORKFLOW_BUNDLE)).digest('hex').slice(0, 12);
}

/**
 * Makes `d` the deployment's current version: new workflows start on it, running ones stay pinned to
 * theirs. The server knows a version once its workers poll, so this asks again for up to `timeoutMs`.
 */
export async function makeCurrentVersion(
  connection: Pick<NativeConnection, 'workflowService'>,
  namespace: string,
  d: WorkerDeployment,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await currentVersion(connection, namespace, d.name)) === d.buildId) return;
      await connection.workflowService.setWorkerDeploymentCurrentVersion({
        namespace,
        deploymentName: d.name,
        buildId: d.buildId,
        identity: `worker ${d.buildId}`,
      });
      return;
    } catch (e) {
      if (Date.now() > until) throw new Error(`cannot make ${d.name} ${d.buildId} the current version: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** The build id of the deployment's current version (undefined: none yet, or no such deployment). */
export async function currentVersion(
  connection: Pick<NativeConnection, 'workflowService'>,
  namespace: string,
  deploymentName: string,
): Promise<string | undefined> {
  const d = await connection.workflowService.describeWorkerDeployment({ namespace, deploymentName }).catch(() => undefined);
  return d?.workerDeploymentInfo?.routingConfig?.currentDeploymentVersion?.buildId ?? undefined;
}
