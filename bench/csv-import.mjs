#!/usr/bin/env node
// A farm CSV import on the embedded default (`npm start` without DATABASE_URL: API, worker, PGlite and
// the SMTP catcher in one process): the same 5,000-row file uploaded --runs times through the API
// (multipart upload, streamed parse and row checks, one transaction of batched inserts, the ledger
// blocks, the answer). Beside it, in the same run, the ceiling: the same parse and the same store
// insert called in this process on its own in-memory PGlite, with no HTTP, no ledger and nothing else
// sharing the event loop. Prints a Markdown section for bench/RESULTS.md. Needs `npx tsc -b`.
//
//   node bench/csv-import.mjs [--rows=5000] [--runs=5] [--profile=<dir>]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';
import { startDevServer } from '../scripts/temporal-dev.mjs';
import { ms, percentiles } from './lib/measure.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

const arg = (name, dflt) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const ROWS = arg('rows', 5000);
const RUNS = arg('runs', 5);
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-resp-'));
const temporal = await startDevServer({ bin: await ensureTemporal(), headless: true, dbFile: path.join(dataDir, 'temporal.db') });
const port = await freePort();
const base = `http://localhost:${port}`;
const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1];
const app = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []), path.join(root, 'server/dist/main.js')],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SMTP_CATCHER_PORT: String(await freePort()),
      TEMPORAL_ADDRESS: temporal.address,
      GRAIN_TEMPORAL_EMBEDDED: '1',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-csv-ca-key-secret',
    },
  },
);
let appOut = '';
app.stdout.on('data', (d) => (appOut += d));
async function stopServer() {
  if (app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  await temporal.stop();
}
async function stop(code) {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (let i = 0; !/health\s+http/.test(appOut); i++) {
  if (app.exitCode !== null || i > 600) {
    console.error(appOut);
    await stop(1);
  }
  await sleep(200);
}

const headers = (cookie) => ({ Origin: base, ...(cookie ? { Cookie: cookie } : {}) });
async function login() {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'staff@riverina-grain.example', password: 'Staff#2025' }),
  });
  return {
    status: r.status,
    cookie: r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}
const upload = (cookie, url, file, name) => {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  return fetch(`${base}${url}`, { method: 'POST', headers: headers(cookie), body: form });
};

// The inputs, made before sampling starts.
const csv = Buffer.from(
  [
    'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate',
    ...Array.from({ length: ROWS }, (_, i) => `${i + 1},Wheat,APH,"Silo ${i % 9}, bay ${i % 4}",${1000 + i},13.1,10.2,01/11/2025`),
  ].join('\n'),
);

const { cookie } = await login();
const api = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const r = await upload(cookie, '/api/farmdata/harvesting/upload', csv, 'harvest.csv');
  const body = await r.json();
  if (r.status !== 201 || body.saved !== ROWS) {
    console.error(`upload answered ${r.status}: ${JSON.stringify(body).slice(0, 300)}`);
    await stopServer();
    process.exit(1);
  }
  api.push(performance.now() - t0);
}
await stopServer();

// The ceiling: parse + insert only, in this process, on a fresh in-memory PGlite.
const { openDb, createStores } = require('../persistence/dist/index.js');
const { parseFarmCsv } = require('../api/dist/farmdata/csv-upload.js');
const db = await openDb({});
const stores = createStores(db.knex);
const company = await stores.companies.create({
  name: 'Ceiling Co',
  tfn: null,
  addressId: null,
  phone: null,
  email: null,
  website: null,
  taxOfficeLevel1: null,
  taxOfficeLevel2: null,
  adminId: null,
  representativeId: null,
});
const user = await stores.users.create({
  email: 'ceiling@bench.test',
  passwordHash: 'x',
  firstname: 'Ceil',
  lastname: 'Ing',
  role: 'admin',
  companyId: company.id,
});
const bare = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const rows = await parseFarmCsv(csv, 'en', new Date().toISOString().slice(0, 10));
  await stores.farmData.createMany(
    company.id,
    user.id,
    rows.map((row) => ({ ...row, dataType: 'Csv' })),
  );
  bare.push(performance.now() - t0);
}
await db.close();
rmSync(dataDir, { recursive: true, force: true });

const line = (label, xs) => {
  const p = percentiles(xs);
  return `| ${label} | ${ms(p.p50)} | ${ms(Math.min(...xs))} | ${ms(Math.max(...xs))} |`;
};
console.log(`### CSV import, ${ROWS} rows (${(csv.length / 1e6).toFixed(2)} MB), ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}

| | median | min | max |
|---|---|---|---|
${line('through the API on the embedded default (upload, parse, checks, insert, ledger)', api)}
${line('ceiling: the same parse + store insert in-process on its own PGlite', bare)}

Goal: under 2 s through the API. Ours / ceiling (medians): ${(percentiles(api).p50 / percentiles(bare).p50).toFixed(2)}.`);
process.exit(0);
