#!/usr/bin/env node
// `npm run bench`: the benchmarks of bench/ against a Temporal dev server with its FILE database (WAL,
// synchronous=NORMAL, as scripts/temporal-dev.mjs sets them), the database, a worker and the built
// packages; results are appended to bench/RESULTS.md. Needs `npm run build` first.
//
//   npm run bench                          pdf, list, first-screen, throughput (the ceiling and ours over
//                                          the HTTP API, alternating, --pairs times at each --lanes), floor
//                                          (each effect alone), inflight 200 then 1000 (the ceiling, then
//                                          ours), then ours / ceiling / floor with the goals of issue 29
//   npm run bench -- pdf throughput        only these
//   npm run bench -- --quick --no-write    a short smoke run, results printed only
//   options: --duration=<s> (throughput, default 120), --pairs=<n> (ceiling + ours throughput pairs,
//            default 3), --lanes=40,200 (concurrent callers of the pairs: each count gets --pairs pairs;
//            certificates/min and CPU per certificate are read at 40, the sign call at each),
//            --ours=http|direct (ours in the pairs: through the API process over HTTP, default; or this
//            process as the API, as before issue 29), --floor-certs=<n> (the floor's certificates, 200), --in-flight=200,1000, --runs=<variants> (more throughput variants after the
//            pairs, default none), --inflight-runs=<variants> (variants: see VARIANTS below),
//            --no-ceiling (ours only), --no-commands-ceiling (without the ceiling with the design's platform
//            commands, measured in each pair at the first --lanes count when the floor is asked for too; the
//            floor's effects are measured in those pairs too, or once alone when there are no pairs),
//            --list-rows=100000 --list-connections=50 --list-duration=20 --list-pairs=2 (list API; pairs of
//            ours / the bare-route ceiling, alternating), --list-rate=<req/s> (a fixed load for both sides: CPU per
//            answer below saturation), --list-only=0,2 (only these scenarios: 0 the first page, 1 the 'signing'
//            toggle, 2 deep pages),
//            --pg-statements (Postgres with pg_stat_statements: ours' throughput runs list their statements),
//            --max-load=1.5 (wait, up to --max-wait=600 s, until the 1-minute load is at most this)
//
// The database: DATABASE_URL when set (a Postgres server; a fresh database per benchmark), else a
// throwaway local Postgres (synchronous_commit=off, fsync on) when installed; the 'pglite' run uses
// the embedded file database in one process, as `npm start` without DATABASE_URL.
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';
import { startDevServer } from '../scripts/temporal-dev.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
for (const f of ['worker/dist/workflow-bundle.js', 'worker/dist/certificate-test-harness.js', 'activities/dist/index.js']) {
  if (!existsSync(path.join(root, f))) {
    console.error(`bench: ${f} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
}
const { startThrowawayPostgres } = require('../worker/dist/certificate-test-harness.js');
const { openDb } = require('@grain/persistence');
const { WORKER_NODE_OPTIONS } = require('@grain/worker');
const { startSystem } = await import('./lib/env.mjs');
const { throughput } = await import('./throughput.mjs');
const { inflight } = await import('./inflight.mjs');
const { cpuProfiler, cpuTable, waitForQuiet, loadLine } = await import('./lib/measure.mjs');
const { buildCeilingBundle, startCeilingSystem } = await import('./lib/ceiling.mjs');
const { floor } = await import('./floor.mjs');
const report = await import('./lib/report.mjs');

const argv = process.argv.slice(2);
const flag = (name, dflt) => {
  const a = argv.find((x) => x === `--${name}` || x.startsWith(`--${name}=`));
  return a === undefined ? dflt : a.includes('=') ? a.slice(a.indexOf('=') + 1) : true;
};
const quick = flag('quick', false);
const names = argv.filter((a) => !a.startsWith('--'));
const want = (n) => names.length === 0 || names.includes(n);
// Loaded when asked for: each needs only its own part of the build.
const { pdf } = want('pdf') ? await import('./pdf.mjs') : {};
const { listApi } = want('list') ? await import('./list-api.mjs') : {};
const { firstScreen } = want('first-screen') ? await import('./first-screen.mjs') : {};
const durationMs = Number(flag('duration', quick ? 30 : 120)) * 1000;
const inFlights = String(flag('in-flight', quick ? '50' : '200,1000'))
  .split(',')
  .map(Number);
// The ceiling (bench/ceiling/): the same shape of work with empty handlers, measured in the same run.
const ceiling = !flag('no-ceiling', false);
const pairsWanted = Number(flag('pairs', quick ? 1 : 3));
// The ceiling with the design's platform commands (bench/ceiling/ceiling-workflow.cjs): the floor's share of them.
const commandsCeiling = ceiling && !flag('no-commands-ceiling', false);
const laneCounts = String(flag('lanes', '40,200')).split(',').map(Number);
const oursOverHttp = flag('ours', 'http') === 'http';
// --pg-statements: Postgres with pg_stat_statements; ours' throughput runs list their statements by calls
const pgStatements = !!flag('pg-statements', false) && !process.env.DATABASE_URL;
const runs = String(flag('runs', ceiling ? '' : 'default'))
  .split(',')
  .filter(Boolean);
const write = !flag('no-write', false);
const listOpts = {
  rows: Number(flag('list-rows', quick ? 10_000 : 100_000)),
  connections: Number(flag('list-connections', 50)),
  durationS: Number(flag('list-duration', quick ? 5 : 20)),
  pairs: Number(flag('list-pairs', quick ? 1 : 2)),
  rate: Number(flag('list-rate', 0)) || undefined,
  only: flag('list-only', '') === '' ? undefined : String(flag('list-only', '')).split(',').map(Number),
};
// Other engineers' tests share this machine: measure only when it is quiet, and say under what load.
const quiet = async () => waitForQuiet({ max: Number(flag('max-load', 1.5)), maxWaitS: Number(flag('max-wait', 600)) });
// A section with the load it was measured under, right after its heading.
const withLoad = (section, q) => section.replace('\n\n', `\n\n${loadLine(q)}\n\n`);

// The system as shipped, and the variants measured against it ("cheap tuning"): the mail sender with
// its SMTP pool really on; then also more worker slots and database connections; PGlite in one process.
const WORKER_SLOTS = {
  maxConcurrentWorkflowTaskExecutions: 16,
  maxConcurrentWorkflowTaskPolls: 8,
  maxConcurrentActivityTaskExecutions: 64,
  maxConcurrentActivityTaskPolls: 16,
};
const VARIANTS = {
  default: { label: 'Postgres, separate worker, as shipped', topology: 'postgres', tuning: {}, mail: 'adapter' },
  api: { label: 'Postgres, separate worker, the API process over HTTP, as shipped', topology: 'postgres', tuning: {}, mail: 'adapter', api: true },
  mail: { label: 'Postgres, separate worker, pooled SMTP sender', topology: 'postgres', tuning: {}, mail: 'pooled' },
  tuned: {
    label: 'Postgres, separate worker, pooled SMTP sender + more worker slots + 20 db connections',
    topology: 'postgres',
    tuning: WORKER_SLOTS,
    poolMax: 20,
    mail: 'pooled',
  },
  pglite: {
    label: 'PGlite file database, worker in the same process (npm start without DATABASE_URL), as shipped',
    topology: 'pglite',
    tuning: {},
    mail: 'adapter',
  },
  'pglite-mail': { label: 'PGlite file database, worker in the same process, pooled SMTP sender', topology: 'pglite', tuning: {}, mail: 'pooled' },
};
const variant = (name) => {
  if (!VARIANTS[name]) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
  return VARIANTS[name];
};
const inflightRuns = String(flag('inflight-runs', 'default')).split(',');

const logDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-logs-'));
const nproc = os.availableParallelism?.() ?? os.cpus().length;
const bin = await ensureTemporal();
const sections = [];
// ours / ceiling of each headline figure, printed at the end and written first in the run's section
const ratios = [];
const stops = [];
let failed = false;
// a call refused or timed out in a throughput run: the logs (worker, API, dev server with its histories) are kept to find where it waited
let callsFailed = 0;
try {
  const temporal = await startDevServer({ bin, headless: true, dbFile: path.join(logDir, 'temporal.db'), logFile: path.join(logDir, 'temporal.log') });
  stops.push(() => temporal.stop());
  let pg;
  if (!process.env.DATABASE_URL) {
    pg = await startThrowawayPostgres({
      tuned: false,
      maxConnections: 300,
      settings: [
        'synchronous_commit=off',
        ...(pgStatements ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on', 'pg_stat_statements.track=all'] : []),
      ],
    });
    stops.push(() => pg.stop());
  }
  const postgresUrl = process.env.DATABASE_URL ?? pg.url;
  const probe = await openDb({ databaseUrl: postgresUrl }, { migrate: false });
  const pgVersion = (await probe.knex.raw('show server_version')).rows[0].server_version;
  await probe.close();
  const setup = {
    postgres: `PostgreSQL ${pgVersion}`,
    text: `Temporal dev server with its SQLite file database (WAL, synchronous=NORMAL), headless; database ${process.env.DATABASE_URL ? 'DATABASE_URL (given Postgres)' : 'a throwaway local Postgres (fsync on, synchronous_commit=off)'}, a fresh database per benchmark; the worker is worker/dist with the prebuilt workflow bundle in its own process (bench/lib/worker-process.cjs) except in the pglite run, started like the ceiling's worker with the worker's Node options (${WORKER_NODE_OPTIONS.join(' ')}, worker/src/runtime.ts); in the throughput pairs ours is driven over HTTP through the API process npm start runs (bench/lib/http-certificates.mjs; --ours=direct: this process plays the API, as before issue 29), elsewhere this process plays the API (Temporal client, OtpStore.verify, read-model reads); this process is the SMTP receiver; mail over real SMTP on loopback; PDFs by Chromium.`,
  };
  sections.push(report.header({ command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`, m: report.machine(), v: report.versions(bin), setup }));
  const roots = (sys) =>
    new Map([
      [temporal.child.pid, 'temporal dev server (ours)'],
      ...(pg ? [[pg.pid, 'postgres (ours)']] : []),
      ...(sys && sys.workerPid !== process.pid ? [[sys.workerPid, 'worker process (+ its Chromium)']] : []),
      ...(sys?.apiPid ? [[sys.apiPid, 'API process']] : []),
      [process.pid, sys?.topology === 'pglite' ? 'bench process: API + worker + PGlite + Chromium' : 'bench process (API calls, SMTP receiver)'],
    ]);
  const withSystem = async (opts, fn) => {
    const sys = await startSystem({ temporal, postgresUrl, logDir, ...opts });
    try {
      return await fn(sys);
    } finally {
      await sys.close();
    }
  };
  const bundle = ceiling ? await buildCeilingBundle(logDir) : undefined;
  const withCeiling = async (fn, commands = false) => {
    const sys = await startCeilingSystem({ temporal, bundle, tuning: VARIANTS.default.tuning, logDir, commands });
    try {
      return await fn(sys);
    } finally {
      await sys.close();
    }
  };
  const pairs = [];
  const inflightPairs = [];
  let floorResult;
  // The process trees counted in "CPU-seconds per issued certificate, all processes summed".
  const system = { 'temporal dev server': temporal.child.pid, ...(pg ? { postgres: pg.pid } : {}) };
  const ceilingCpu = (sys) => ({ cpuRoots: { 'worker (ceiling)': sys.workerPid, ...system }, selfAs: 'caller (this process: Temporal client)' });
  const oursCpu = (sys) => ({ cpuRoots: { 'worker (+ Chromium)': sys.workerPid, ...(sys.apiPid ? { API: sys.apiPid } : {}), ...system } });

  const measureFloor = async (of) => {
    const q = await quiet();
    console.log(`bench: floor (each effect alone${of ? `, ${of}` : ''})`);
    const r = await floor({ postgresUrl, pgPid: pg?.pid, logDir, certificates: Number(flag('floor-certs', quick ? 40 : 200)), pdfs: quick ? 10 : 60 });
    sections.push(withLoad(report.floorSection(r, of), q));
    return r;
  };

  if (want('pdf')) {
    const q = await quiet();
    console.log('bench: pdf');
    const r = await pdf({ renders: quick ? 30 : 100 });
    sections.push(withLoad(report.pdfSection(r), q));
    ratios.push(...report.pdfRatios(r));
  }
  if (want('list')) {
    const q = await quiet();
    console.log(`bench: list API (${listOpts.rows} certificates, ${listOpts.connections} connections)`);
    const r = await listApi({ postgresUrl, pgPid: pg?.pid, temporalAddress: temporal.address, logDir, ...listOpts, profile: cpuProfiler });
    for (const x of r.runs) {
      x.cpuTable = cpuTable(x.cpu, nproc);
      x.baseline.cpuTable = cpuTable(x.baseline.cpu, nproc);
    }
    sections.push(report.listSection(r, loadLine(q)));
    ratios.push(...report.listRatios(r));
  }
  if (want('first-screen')) {
    const q = await quiet();
    console.log('bench: first screen (cold cache, Chromium)');
    const r = await firstScreen({ postgresUrl, temporalAddress: temporal.address, samples: quick ? 4 : 12 });
    sections.push(withLoad(report.firstScreenSection(r), q));
    ratios.push(...report.firstScreenRatios(r));
    console.log(
      `  list p50/p95 ${r.list.p50.toFixed(0)}/${r.list.p95.toFixed(0)} ms, sign ${r.sign.p50.toFixed(0)}/${r.sign.p95.toFixed(0)} ms, floor ${r.floor.p50.toFixed(0)} ms`,
    );
  }
  if (want('throughput') && ceiling) {
    // Ceiling and ours alternate, so a change of the machine's load hits both alike; at each count of callers.
    const ov = oursOverHttp ? VARIANTS.api : VARIANTS.default;
    for (const lanes of laneCounts)
      for (let i = 0; i < pairsWanted; i++) {
        const pair = { lanes };
        // the pairs that read ours against the floor: those at the first count of callers
        const floorPair = want('floor') && lanes === laneCounts[0];
        // --quick: each caller one certificate at 200 callers (bounded by count), so the run stays short
        const bound = { durationMs, lanes, ...(quick ? { maxCerts: Math.max(lanes, 40), warmup: 2 } : {}) };
        console.log(`bench: throughput, ${lanes} callers, pair ${i + 1}/${pairsWanted}: ceiling (${durationMs / 1000} s)`);
        await withCeiling(async (sys) => {
          const q = await quiet();
          pair.ceiling = await throughput(sys, { ...bound, ...ceilingCpu(sys) });
          sections.push(withLoad(report.ceilingThroughputSection(pair.ceiling, bundle.bytes), q));
          console.log(
            `  ${pair.ceiling.perMinute.toFixed(0)} / min, sign Update p50/p95 ${pair.ceiling.signMs.p50.toFixed(0)}/${pair.ceiling.signMs.p95.toFixed(0)} ms, ${pair.ceiling.cpuPerCertificateS.toFixed(3)} CPU-s a certificate`,
          );
        });
        if (commandsCeiling && floorPair) {
          console.log(`bench: throughput, ${lanes} callers, pair ${i + 1}/${pairsWanted}: ceiling with the design's commands (${durationMs / 1000} s)`);
          await withCeiling(async (sys) => {
            const q = await quiet();
            pair.commands = await throughput(sys, { ...bound, ...ceilingCpu(sys) });
            sections.push(withLoad(report.ceilingThroughputSection(pair.commands, bundle.bytes, { commands: true }), q));
            console.log(`  ${pair.commands.perMinute.toFixed(0)} / min, ${pair.commands.cpuPerCertificateS.toFixed(3)} CPU-s a certificate`);
          }, true);
          callsFailed += pair.commands.errors.length;
        }
        // The floor's effects in the same pair, so the floor and ours are read at one speed of the machine
        // (a floor measured once, at another moment, moved the ratio with the machine's drift: 18:58Z run)
        if (floorPair) {
          pair.floor = await measureFloor(`pair ${i + 1}/${pairsWanted}`);
          floorResult ??= pair.floor;
        }
        console.log(`bench: throughput, ${lanes} callers, pair ${i + 1}/${pairsWanted}: ours (${durationMs / 1000} s)`);
        await withSystem(ov, async (sys) => {
          const q = await quiet();
          const prof = cpuProfiler(roots(sys));
          pair.ours = await throughput(sys, { ...bound, ...oursCpu(sys), pgStatements });
          sections.push(withLoad(report.throughputSection(ov.label, pair.ours, ov, cpuTable(prof.stop(), nproc)), q));
          console.log(
            `  ${pair.ours.perMinute.toFixed(0)} / min, sign call p50/p95 ${pair.ours.signMs.p50.toFixed(0)}/${pair.ours.signMs.p95.toFixed(0)} ms, ${pair.ours.cpuPerCertificateS.toFixed(3)} CPU-s a certificate, ${pair.ours.errors.length} errors`,
          );
        });
        callsFailed += pair.ceiling.errors.length + pair.ours.errors.length;
        pairs.push(pair);
      }
  }
  // the floor alone when no pair measured it (no throughput pairs asked for)
  if (want('floor') && !floorResult) floorResult = await measureFloor();
  if (want('throughput')) {
    for (const run of runs) {
      const v = variant(run);
      console.log(`bench: throughput (${run}, ${durationMs / 1000} s)`);
      await withSystem(v, async (sys) => {
        const q = await quiet();
        const prof = cpuProfiler(roots(sys));
        const r = await throughput(sys, { durationMs, lanes: quick ? 10 : 40, pgStatements });
        sections.push(withLoad(report.throughputSection(v.label, r, v, cpuTable(prof.stop(), nproc)), q));
        console.log(`  ${r.perMinute.toFixed(0)} certificates/min (${r.completed} done, ${r.errors.length} errors)`);
      });
    }
  }
  if (want('inflight')) {
    for (const run of inflightRuns) {
      const v = variant(run);
      let lastOpenMs = 0;
      let lastN = 0;
      for (const n of inFlights) {
        const pair = { n };
        if (ceiling && run === inflightRuns[0]) {
          console.log(`bench: inflight ${n} (ceiling)`);
          await withCeiling(async (sys) => {
            const q = await quiet();
            pair.ceiling = await inflight(sys, { inFlight: n, signs: quick ? 100 : 600, concurrency: 8, budgetMs: n > 200 ? 480_000 : 150_000 });
            sections.push(withLoad(report.ceilingInflightSection(pair.ceiling), q));
            console.log(
              `  sign p95 ${pair.ceiling.visibleMs.p95.toFixed(0)} ms, ${(pair.ceiling.perCachedWorkflow / 2 ** 20).toFixed(2)} MB per cached workflow`,
            );
          });
          inflightPairs.push(pair);
        }
        // Go to the larger count only if opening it is projected to fit the time budget.
        if (lastN && (lastOpenMs / lastN) * n > 300_000) {
          sections.push(
            `### (b) ${n} in flight (${v.label}): skipped — opening ${lastN} took ${(lastOpenMs / 1000).toFixed(0)} s, so ${n} would not fit the time budget.\n`,
          );
          continue;
        }
        console.log(`bench: inflight ${n} (${run})`);
        await withSystem(v, async (sys) => {
          const q = await quiet();
          const prof = cpuProfiler(roots(sys));
          // Opening 1,000 takes minutes on 2 cores: the time budget grows with the count (opening + signing).
          const r = await inflight(sys, { inFlight: n, signs: quick ? 100 : 600, concurrency: 8, budgetMs: n > 200 ? 480_000 : 150_000 });
          pair.ours ??= r;
          sections.push(withLoad(report.inflightSection(r, v, cpuTable(prof.stop(), nproc)), q));
          console.log(
            `  visible p50/p95/p99 ${r.visibleMs.p50.toFixed(0)}/${r.visibleMs.p95.toFixed(0)}/${r.visibleMs.p99.toFixed(0)} ms, rss ${(r.memory.open.mem.rss / 2 ** 20).toFixed(0)} MB`,
          );
          lastOpenMs = r.openMs;
          lastN = n;
        });
      }
    }
  }
  if (pairs.length || floorResult || inflightPairs.some((p) => p.ours)) {
    const summary = report.ratioSection({ pairs, floor: floorResult, inflight: inflightPairs.filter((p) => p.ours && p.ceiling) });
    sections.splice(1, 0, summary);
    console.log(summary);
  }
} catch (e) {
  failed = true;
  console.error('bench failed:', e);
  sections.push(`Run failed: ${String(e?.message ?? e).split('\n')[0]}\n`);
} finally {
  for (const s of stops.reverse()) await s().catch(() => undefined);
  if (ratios.length) sections.splice(1, 0, report.ratioTable(ratios));
  const text = `${sections.join('\n')}\n`;
  if (write && sections.length > 1) appendFileSync(path.join(root, 'bench/RESULTS.md'), `\n${text}`);
  console.log(text);
  if (!failed && !callsFailed) rmSync(logDir, { recursive: true, force: true });
  else
    console.error(`logs kept in ${logDir}${failed ? '' : ` (${callsFailed} calls failed: the dev server's database there holds their workflows' histories)`}`);
}
process.exit(failed ? 1 : 0);
