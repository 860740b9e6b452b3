/**
 * The dev server as scripts/temporal-dev.mjs starts it (npm start, the tests, the bench) keeps its search
 * attributes in its cache. They are registered before the server serves (--search-attribute), so nothing
 * needs the CLI's default `system.forceSearchAttributesCacheRefreshOnRead=true`, which reads the cluster
 * metadata and the namespace from SQLite on every search-attribute read (each start, upsert and visibility
 * write): a profile of the bench's dev server put those reads and their lock at ~5 % of its CPU per
 * certificate. Counted here by the server's own persistence metrics over 20 starts with a search attribute.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const STARTS = 20;

/** Runs a dev server with the project's settings, starts STARTS workflows with a search attribute, answers the persistence reads they made. */
function countReads(): { starts: number; reads: Record<string, number> } {
  const driver = `
import { startDevServer, freePort } from ${JSON.stringify(path.join(root, 'scripts/temporal-dev.mjs'))};
import { ensureTemporal } from ${JSON.stringify(path.join(root, 'scripts/ensure-temporal.mjs'))};
import { Connection, Client } from '@temporalio/client';
import { defineSearchAttributeKey } from '@temporalio/common';
const bin = process.env.TEMPORAL_CLI ?? (await ensureTemporal());
const metricsPort = await freePort();
const server = await startDevServer({ bin, headless: true, metricsPort });
// the server's own system workflows (namespace temporal_system, started at boot) are not ours to count
const metric = async (name, operation) => {
  const text = await (await fetch('http://127.0.0.1:' + metricsPort + '/metrics')).text();
  return text.split('\\n').filter((l) => l.startsWith(name + '{') && l.includes('operation="' + operation + '"') && !l.includes('namespace="temporal_system"')).reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
};
const READS = ['GetCurrentClusterMetadata', 'GetNamespace'];
const snapshot = async () => Object.fromEntries(await Promise.all(READS.map(async (op) => [op, await metric('persistence_requests', op)])));
const connection = await Connection.connect({ address: server.address });
try {
  const client = new Client({ connection });
  const status = defineSearchAttributeKey('CertificateStatus', 'KEYWORD');
  // one start first: the server's caches warm up
  const start = (id) => client.workflow.start('noWorkerNeeded', { taskQueue: 'sa-cache', workflowId: id, typedSearchAttributes: [{ key: status, value: 'signing' }] });
  await start('warm');
  // the visibility records of started workflows (the server's own system workflows' too)
  const recorded = () => metric('visibility_persistence_requests', 'RecordWorkflowExecutionStarted');
  const visible = async (n) => {
    for (let i = 0; i < 100 && (await recorded()) < n; i++) await new Promise((r) => setTimeout(r, 100));
  };
  await visible(1);
  const before = await snapshot();
  const recorded0 = await recorded();
  for (let i = 0; i < ${STARTS}; i++) await start('w' + i);
  await visible(recorded0 + ${STARTS});
  const after = await snapshot();
  console.log(JSON.stringify({ starts: (await recorded()) - recorded0, reads: Object.fromEntries(READS.map((op) => [op, after[op] - before[op]])) }));
} finally {
  await connection.close();
  await server.stop();
}`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`driver failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

it('search attributes come from the cache: 20 starts with one read the cluster metadata and the namespace from the database at most once per 4 starts', () => {
  const { starts, reads } = countReads();
  expect(starts).toBeGreaterThanOrEqual(STARTS); // each start's visibility record was written (and read its search attributes)
  expect(reads).toEqual({ GetCurrentClusterMetadata: expect.any(Number), GetNamespace: expect.any(Number) });
  // with the CLI's default (a refresh on every read) they were 91, more than 4 a start
  expect(reads.GetCurrentClusterMetadata + reads.GetNamespace).toBeLessThanOrEqual(STARTS / 4);
});
