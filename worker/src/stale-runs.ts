/**
 * Certificates in flight that the current workflow code cannot carry on. Before the first release a
 * change to the workflow keeps no compatibility with runs in flight (docs/CONTRIBUTING.md, "Changing the
 * workflow"): a local ./data may hold runs started by an earlier version, which would fail on their next
 * workflow task and wait forever. `npm start` replays each running workflow on the current code first,
 * and refuses to start with a plain message when one cannot continue.
 */
import type { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { workflowSource } from './create-worker';

export interface StaleRun {
  workflowId: string;
  error: string;
}

/** The running workflows of `taskQueue` whose history does not replay on the current workflow code. */
export async function findStaleRuns(client: Client, taskQueue: string, workflowsPath?: string): Promise<StaleRun[]> {
  const ids: string[] = [];
  for await (const w of client.workflow.list({ query: `TaskQueue = '${taskQueue.replace(/'/g, "\\'")}' AND ExecutionStatus = 'Running'` }))
    ids.push(w.workflowId);
  if (!ids.length) return [];
  async function* histories() {
    for (const workflowId of ids) yield { workflowId, history: await client.workflow.getHandle(workflowId).fetchHistory() };
  }
  const stale: StaleRun[] = [];
  for await (const r of Worker.runReplayHistories(workflowSource(workflowsPath), histories())) {
    if (r.error) stale.push({ workflowId: r.workflowId, error: r.error.message });
  }
  return stale;
}

/** What the user is told: which runs, why, and the two ways out. */
export function staleRunsMessage(stale: StaleRun[], dataDir: string): string {
  const shown = stale.slice(0, 10).map((r) => `  - ${r.workflowId}`);
  if (stale.length > shown.length) shown.push(`  - and ${stale.length - shown.length} more`);
  return [
    `${stale.length} certificate workflow run(s) in ${dataDir} were started by an earlier version of the workflow code and cannot continue on this one:`,
    ...shown,
    'Before the first release a change to the workflow does not carry runs in flight (docs/CONTRIBUTING.md, "Changing the workflow"). Either:',
    '  - finish them: check out the commit that started them, `npm start`, and sign, reject or withdraw each until none is in flight; then come back to this version; or',
    `  - reset: stop, delete ${dataDir} (its database and Temporal's history; the demo data is seeded anew) and \`npm start\` again.`,
  ].join('\n');
}
