#!/usr/bin/env node
// `npm run bench:cluster`: certificates per minute and sign latency on the production stack's Temporal
// cluster (npm run stack:start: Postgres persistence and visibility, four services as processes) beside
// the Temporal dev server (SQLite file database, one process), same machine, same run, each with 1 and
// then 2 worker processes. The driver is bench/throughput.mjs (bench/lib/env.mjs: the worker processes
// are worker/dist with IPC, the app database a fresh one on the stack's Postgres for both backends); the
// stack's own API and workers are stopped while measuring so only the measured workers poll.
// Results are appended to bench/RESULTS.md. Needs `npm run build` and `npm run stack:ensure` first.
//   --duration=<s> per run (default 60)  --lanes=<n> concurrent callers (default 40)
//   --runs=dev-1,cluster-1,dev-2,cluster-2  --rounds=<n> (the runs n times over, interleaved: the shared
//   machine's load drifts, so medians of rounds compare better than single runs)
//   --max-load=2.5 --max-wait=300  --no-write
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';
import { startDevServer } from '../scripts/temporal-dev.mjs';
import { startStack, stopStack } from '../scripts/stack/stack.mjs';
import { dbUrl } from '../scripts/stack/postgres.mjs';
import { readPids } from '../scripts/stack/processes.mjs';
import { NUM_HISTORY_SHARDS } from '../scripts/stack/topology.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { startSystem } = await import('./lib/env.mjs');
const { throughput } = await import('./throughput.mjs');
const { cpuProfiler, cpuTable, waitForQuiet, loadLine, ms } = await import('./lib/measure.mjs');
const report = await import('./lib/report.mjs');

const flag = (name, dflt) => {
  const a = process.argv.find((x) => x === `--${name}` || x.startsWith(`--${name}=`));
  return a === undefined ? dflt : a.includes('=') ? a.slice(a.indexOf('=') + 1) : true;
};
const durationMs = Number(flag('duration', 60)) * 1000;
const lanes = Number(flag('lanes', 40));
const rounds = Number(flag('rounds', 1));
const runs = Array.from({ length: rounds }, () => String(flag('runs', 'dev-1,cluster-1,dev-2,cluster-2')).split(',')).flat();
const quiet = () => waitForQuiet({ max: Number(flag('max-load', 2.5)), maxWaitS: Number(flag('max-wait', 300)) });
const nproc = os.availableParallelism?.() ?? os.cpus().length;

const { freePortRange } = createRequire(import.meta.url)('../adapters/dist/testing.js');

const logDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-cluster-'));
const stackDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-stack-'));
const bin = await ensureTemporal();
const stops = [];
const sections = [];
const results = [];
let failed = false;
try {
  const stack = await startStack({
    dir: stackDir,
    basePort: await freePortRange(19),
    build: false,
    ownerPid: process.pid,
    log: (m) => console.log(`  [stack] ${m}`),
  });
  stops.push(() => stopStack({ dir: stackDir }));
  await stopStack({ dir: stackDir, only: ['api', 'worker-1', 'worker-2'] });
  const dev = await startDevServer({ bin, headless: true, dbFile: path.join(logDir, 'temporal.db'), logFile: path.join(logDir, 'temporal.log') });
  stops.push(() => dev.stop());
  const { password } = JSON.parse(readFileSync(path.join(stackDir, 'stack.json'), 'utf8'));
  const postgresUrl = dbUrl(stack.ports, password, 'postgres');
  const backends = {
    dev: { address: dev.address, label: 'Temporal dev server (SQLite file, WAL, one process)', roots: [[dev.child.pid, 'temporal dev server']] },
    cluster: {
      address: stack.temporalAddress,
      label: `Temporal cluster ${stack.serverVersion} (Postgres; frontend, history, matching, worker processes)`,
      roots: Object.entries(readPids(stackDir))
        .filter(([n]) => n.startsWith('temporal-') && n !== 'temporal-ui')
        .map(([n, pid]) => [pid, `${n} (cluster)`]),
    },
  };
  const pgPid = readPids(stackDir).postgres;
  sections.push(
    report.header({
      command: `npm run bench:cluster${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      m: report.machine(),
      v: report.versions(bin),
      setup: {
        postgres: `PostgreSQL ${stack.postgresVersion}`,
        text: `the stack of \`npm run stack:start\` (its own Postgres with fsync on, Temporal ${stack.serverVersion} built from source as four processes, ${NUM_HISTORY_SHARDS} history shards) and, beside it, the Temporal dev server with its SQLite file database; for each run a fresh app database on the stack's Postgres, N worker processes (bench/lib/worker-process.cjs = worker/dist + IPC, Chromium for PDFs) on a task queue of their own, this process as the API (Temporal client, OtpStore.verify) and the SMTP receiver. The driver is bench/throughput.mjs: ${lanes} callers, ${durationMs / 1000} s a run.`,
      },
    }),
  );
  for (const run of runs) {
    const [backend, n] = run.split('-');
    const b = backends[backend];
    const workers = Number(n);
    console.log(`bench: throughput on ${backend} with ${workers} worker process(es), ${durationMs / 1000} s`);
    const sys = await startSystem({ temporal: { address: b.address }, topology: 'postgres', postgresUrl, logDir, workers });
    try {
      const q = await quiet();
      const prof = cpuProfiler(
        new Map([
          ...b.roots,
          [pgPid, 'postgres (stack: app db + cluster persistence)'],
          ...sys.workerPids.map((p, i) => [p, `worker process ${i + 1} (+ its Chromium)`]),
          [process.pid, 'bench process (API calls, SMTP receiver)'],
        ]),
      );
      const r = await throughput(sys, { durationMs, lanes });
      const label = `${b.label}, ${workers} worker process${workers > 1 ? 'es' : ''}`;
      sections.push(
        report.throughputSection(label, r, { tuning: {}, mail: 'adapter' }, cpuTable(prof.stop(), nproc)).replace('\n\n', `\n\n${loadLine(q)}\n\n`),
      );
      results.push({
        round: Math.floor(results.length / (runs.length / rounds)) + 1,
        backend,
        workers,
        perMinute: r.perMinute,
        signP95: r.signMs.p95,
        certP95: r.certMs.p95,
        errors: r.errors.length,
        load: q.load[0],
      });
      console.log(`  ${r.perMinute.toFixed(0)} certificates/min, sign p95 ${ms(r.signMs.p95)} (${r.completed} done, ${r.errors.length} errors)`);
    } finally {
      await sys.close();
    }
  }
  sections.push(summary(results));
} catch (e) {
  failed = true;
  console.error('bench failed:', e);
  sections.push(`Run failed: ${String(e?.message ?? e).split('\n')[0]}\n`);
} finally {
  for (const s of stops.reverse()) await s().catch(() => undefined);
  const text = `${sections.join('\n')}\n`;
  if (!flag('no-write', false) && sections.length > 1) appendFileSync(path.join(root, 'bench/RESULTS.md'), `\n${text}`);
  console.log(text);
  if (!failed) for (const d of [logDir, stackDir]) rmSync(d, { recursive: true, force: true });
  else console.error(`logs kept in ${logDir}`);
}
process.exit(failed ? 1 : 0);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The comparison the runs were for: cluster against dev server, and 2 worker processes against 1 (medians of the rounds). */
function summary(rs) {
  const of = (b, w) => rs.filter((r) => r.backend === b && r.workers === w);
  const get = (b, w) =>
    of(b, w).length ? { perMinute: median(of(b, w).map((r) => r.perMinute)), signP95: median(of(b, w).map((r) => r.signP95)) } : undefined;
  const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : 'n/a');
  const lines = [
    '### Cluster vs dev server, 1 vs 2 worker processes (this run)',
    '',
    '| round | backend | worker processes | certificates/min | sign p95 | certificate p95 | errors | 1-min load before |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...rs.map(
      (r) =>
        `| ${r.round} | ${r.backend} | ${r.workers} | ${r.perMinute.toFixed(0)} | ${ms(r.signP95)} | ${ms(r.certP95)} | ${r.errors} | ${r.load.toFixed(2)} |`,
    ),
    '',
    `Medians of ${rounds} round${rounds > 1 ? 's' : ''}:`,
    '',
  ];
  for (const w of [1, 2]) {
    const c = get('cluster', w);
    const d = get('dev', w);
    if (c && d)
      lines.push(
        `- ${w} worker process${w > 1 ? 'es' : ''}: cluster ${c.perMinute.toFixed(0)}/min, sign p95 ${ms(c.signP95)}; dev server ${d.perMinute.toFixed(0)}/min, sign p95 ${ms(d.signP95)}; cluster / dev server = ${ratio(c.perMinute, d.perMinute)} certificates/min, ${ratio(c.signP95, d.signP95)} sign p95.`,
      );
  }
  for (const b of ['cluster', 'dev']) {
    const one = get(b, 1);
    const two = get(b, 2);
    if (one && two) lines.push(`- ${b}: 2 worker processes / 1 = ${ratio(two.perMinute, one.perMinute)} certificates/min.`);
  }
  return `${lines.join('\n')}\n`;
}
