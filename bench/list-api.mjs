// (e) The certificate list API over many certificates: GET /api/company/approvals (keyset pages only)
// against the server `npm start` runs (its own process, WORKER_IN_PROCESS=false), signed in as a
// manager of a company holding `rows` certificates, with autocannon at `connections` connections:
// the first page, the first page of a status toggle, and deep pages (cursors the API answered while
// walking the whole list). Also the query plans of the list's statements (EXPLAIN ANALYZE).
// Beside each figure, in the same run and alternating with it, the ceiling: a bare Express route
// (lib/bare-list-process.cjs) running the same keyset statement and answering the same number of bytes.
// LIST_API_CPU_PROF=<dir> runs the API process and the ceiling's under node --cpu-prof (written at their exit);
// LIST_API_NODE_ARGS='--trace-gc ...' gives both more node flags (their output in list-api.log / list-bare.log).
import console from 'node:console';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { seedListCompany } from './lib/list-seed.mjs';
import { explainList } from './lib/list-plans.mjs';
import { Buffer } from 'node:buffer';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { fetch } = globalThis;
const { createPostgresTestDb } = require('@grain/worker/dist/certificate-test-harness.js');

const nodeArgs = () => (process.env.LIST_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

function startApi({ url, temporalAddress, logDir, dataDir }) {
  const out = openSync(path.join(logDir, 'list-api.log'), 'a');
  const prof = process.env.LIST_API_CPU_PROF;
  const child = fork(path.resolve(import.meta.dirname, 'lib/api-process.cjs'), [], {
    stdio: ['ignore', out, out, 'ipc'],
    execArgv: [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), ...nodeArgs()],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-list-ca-key-secret',
      TEMPORAL_ADDRESS: temporalAddress,
      WORKER_IN_PROCESS: 'false',
      SEED_DEMO_DATA: 'false',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: m.port }));
    child.once('exit', (c) => reject(new Error(`list API process exited (${c}); see ${logDir}/list-api.log`)));
  });
}

function startBare({ url, companyId, counts, logDir }) {
  const out = openSync(path.join(logDir, 'list-bare.log'), 'a');
  const prof = process.env.LIST_API_CPU_PROF;
  const child = fork(path.resolve(import.meta.dirname, 'lib/bare-list-process.cjs'), [], {
    stdio: ['ignore', out, out, 'ipc'],
    execArgv: [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--cpu-prof-name=bare.cpuprofile'] : []), ...nodeArgs()],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-list-ca-key-secret',
      COMPANY_ID: companyId,
      COUNTS: counts,
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: m.port }));
    child.once('exit', (c) => reject(new Error(`bare list process exited (${c}); see ${logDir}/list-bare.log`)));
  });
}

async function stopChild(child) {
  await new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.send('stop');
  });
}

/** Mean bytes of the API's answers to (up to 20 of) these paths, and the counts object it answers. */
async function answerSize(base, cookie, paths) {
  let bytes = 0;
  let counts;
  const some = paths.slice(0, 20);
  for (const p of some) {
    const res = await fetch(`${base}${p}`, { headers: { cookie } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text}`);
    bytes += Buffer.byteLength(text);
    counts = JSON.parse(text).counts;
  }
  return { bytes: Math.round(bytes / some.length), counts };
}

async function login(base, { email, password }) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('grain_sid='));
  if (!sid) throw new Error('login answered no grain_sid cookie');
  return sid;
}

/** Walks the whole list with limit=100 following nextCursor; checks every row comes exactly once. */
async function walk(base, cookie, rows) {
  const seen = new Set();
  const cursors = [];
  const t0 = performance.now();
  let cursor = '';
  for (;;) {
    const res = await fetch(`${base}/api/company/approvals?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`walk: ${res.status} ${await res.text()}`);
    const body = await res.json();
    for (const a of body.approval_list) seen.add(a._id);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
    cursors.push({ at: seen.size, cursor });
  }
  const ms = performance.now() - t0;
  if (seen.size !== rows) throw new Error(`walk saw ${seen.size} distinct certificates, expected ${rows}`);
  return { cursors, pages: cursors.length + 1, ms };
}

function cannon(base, headers, { connections, durationS, paths, rate }) {
  let i = 0;
  return autocannon({
    url: base,
    connections,
    duration: durationS,
    ...(rate ? { overallRate: rate } : {}),
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
}

const summary = (r) => ({
  rps: r.requests.average,
  total: r.requests.total,
  p50: r.latency.p50,
  p90: r.latency.p90,
  p97_5: r.latency.p97_5,
  p99: r.latency.p99,
  max: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  bytesPerReq: r.throughput.total / Math.max(1, r.requests.total),
});

/**
 * @param profile cpuProfiler factory (roots Map) from measure.mjs, so the CPU table names our processes
 * @returns { rows, seedSeconds, walk, plans, runs: [{ name, ...summary, cpu }] }
 */
/** CPU µs of the side's own process (API or bare route) per answer in a measured window. */
const cpuPerAnswer = (cpu, label, total) => {
  const s = cpu.rows.find((x) => x.kind === label)?.seconds;
  return s === undefined || !total ? undefined : (s * 1e6) / total;
};

/**
 * `rate` (--list-rate, req/s): autocannon sends at most that many requests a second in all, so both sides
 * answer the same load and the CPU per answer is read below saturation (robust on a shared machine).
 */
export async function listApi({
  postgresUrl,
  pgPid,
  temporalAddress,
  logDir,
  rows = 100_000,
  connections = 50,
  durationS = 20,
  pairs = 1,
  profile,
  only,
  rate,
}) {
  const { db, url } = await createPostgresTestDb(postgresUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-list-'));
  let api;
  let bare;
  try {
    const seeded = await seedListCompany(db.knex, rows);
    console.log(`  seeded ${rows} certificates in ${seeded.seconds.toFixed(1)} s`);
    api = await startApi({ url, temporalAddress, logDir, dataDir });
    const base = `http://127.0.0.1:${api.port}`;
    const cookie = await login(base, seeded.login);
    const w = await walk(base, cookie, rows);
    console.log(`  walked ${w.pages} pages in ${(w.ms / 1000).toFixed(1)} s`);
    const deep = w.cursors.filter((c) => c.at >= rows / 10).map((c) => c.cursor);
    const plans = await explainList(db.knex, seeded.companyId, deep[Math.floor(deep.length / 2)]);
    const q = (c) => `/api/company/approvals?cursor=${encodeURIComponent(c)}`;
    const scenarios = [
      { name: 'first page (20 newest)', paths: ['/api/company/approvals'] },
      { name: "first page of the 'signing' toggle", paths: ['/api/company/approvals?status=signing'] },
      { name: `deep pages (${deep.length} cursors from row ${rows / 10} to the end, in turn)`, paths: deep.map(q) },
    ].filter((s, i) => !only || only.includes(i));
    const first = await answerSize(base, cookie, scenarios[0].paths);
    bare = await startBare({ url, companyId: seeded.companyId, counts: JSON.stringify(first.counts), logDir });
    const bareBase = `http://127.0.0.1:${bare.port}`;
    const runs = [];
    for (const s of scenarios) {
      const size = await answerSize(base, cookie, s.paths);
      const sides = {
        ours: { base, headers: { cookie }, roots: [[api.child.pid, 'API process (npm start topology)']] },
        bare: { base: bareBase, headers: { 'x-pad-to': String(size.bytes) }, roots: [[bare.child.pid, 'bare Express route process (ceiling)']] },
      };
      const got = { ours: [], bare: [] };
      // Alternating ours / ceiling (pairs times), each after its own warm-up: the same machine at the same moment.
      for (let p = 0; p < pairs; p++) {
        for (const side of p % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours']) {
          const x = sides[side];
          await cannon(x.base, x.headers, { connections, durationS: 3, paths: s.paths }); // warm-up, discarded
          const prof = profile(new Map([...x.roots, ...(pgPid ? [[pgPid, 'postgres (ours)']] : []), [process.pid, 'bench process (autocannon)']]));
          const r = summary(await cannon(x.base, x.headers, { connections, durationS, paths: s.paths, rate }));
          const cpu = prof.stop();
          const perAnswer = cpuPerAnswer(cpu, x.roots[0][1], r.total);
          got[side].push({ ...r, cpu, cpuPerAnswerUs: perAnswer, load: os.loadavg() });
          console.log(
            `  ${s.name} [${side}]: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.bytesPerReq.toFixed(0)} B, non2xx ${r.non2xx}, errors ${r.errors}, CPU ${perAnswer?.toFixed(0) ?? '?'} µs an answer`,
          );
        }
      }
      // The pair whose throughput is the median of ours stands for the scenario.
      const order = got.ours.map((x, i) => [x.rps, i]).sort((a, b) => a[0] - b[0]);
      const mid = order[Math.floor((order.length - 1) / 2)][1];
      runs.push({ name: s.name, ...got.ours[mid], baseline: got.bare[mid], all: got });
    }
    return { rows, connections, durationS, pairs, seedSeconds: seeded.seconds, walk: { pages: w.pages, ms: w.ms }, plans, runs };
  } finally {
    if (bare) await stopChild(bare.child);
    if (api) await stopChild(api.child);
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
