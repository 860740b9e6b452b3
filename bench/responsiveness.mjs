#!/usr/bin/env node
// Responsiveness under heavy work on the embedded default (`npm start` without DATABASE_URL: API,
// Temporal worker, PGlite and the SMTP catcher in one process): GET /api/health is sampled every
// 100 ms (each sample its own request, 5 s time-out) while a 5,000-row farm CSV import, a large
// compliance DOCX, a zip bomb and 100 concurrent logins go on together. Prints p50/p95/p99/max of
// the health samples before, during and after the load, the time-outs, and each job's own time, as a
// Markdown section for bench/RESULTS.md. Needs the built packages (`npx tsc -b`).
//
//   node bench/responsiveness.mjs [--rows=5000] [--logins=100] [--paragraphs=120000] [--pdf-mb=49] [--settle=20] [--profile=<dir>]
// --pdf-mb: a compliance PDF of that size (a scanned plan: text pages and a large image) uploaded and read
// beside the rest (0 leaves it out; the upload limit is 50 MiB).
// --profile writes a CPU profile of the server process into <dir> when it stops.
// BENCH_DATABASE_URL=postgres://... runs the same server on that (empty) Postgres database instead of PGlite (with WORKER_IN_PROCESS=1 to keep the worker in the server process).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';
import { startDevServer } from '../scripts/temporal-dev.mjs';
import { ms, percentiles } from './lib/measure.mjs';

if (process.argv.includes('--help')) {
  console.log(`node bench/responsiveness.mjs [--rows=5000] [--logins=100] [--paragraphs=120000] [--pdf-mb=49] [--settle=20] [--profile=<dir>]
  Samples GET /api/health and GET /api/no-such-path every 100 ms while a CSV import, a large DOCX, a
  near-50 MB PDF, a zip bomb and concurrent logins run on one server process; prints a Markdown section for bench/RESULTS.md.
  --profile=<dir>  CPU profiles of the server's threads (main, PGlite, text extraction) into <dir>;
                   read them with node bench/lib/profile-stretches.mjs <file>
  BENCH_DATABASE_URL=postgres://...  the same on that (empty) Postgres database instead of PGlite
                   (add WORKER_IN_PROCESS=1 to keep the Temporal worker in the server process)`);
  process.exit(0);
}
const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { buildDocx, writeZip } = require('../adapters/dist/text-extract/zip-writer.js');

const arg = (name, dflt) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const ROWS = arg('rows', 5000);
const LOGINS = arg('logins', 100);
const PARAGRAPHS = arg('paragraphs', 120_000);
const PDF_MB = arg('pdf-mb', 49);
const SETTLE_S = arg('settle', 20);
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
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-resp-ca-key-secret',
    },
  },
);
// The floor: a Node HTTP server that does nothing, in its own process, sampled alongside. What it
// shows is what the machine's load alone costs a request in this run.
const floor = spawn(
  process.execPath,
  ['-e', "require('http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })"],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const floorPort = await new Promise((resolve) => floor.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
let appOut = '';
app.stdout.on('data', (d) => (appOut += d));
async function stop(code) {
  if (app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  floor.kill('SIGTERM');
  await temporal.stop();
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
const words = ['silo', 'wheat', 'barley', 'fumigation', 'inspection', 'moisture', 'rodent', 'bait', 'station', 'checked', 'cleaned', 'sealed'];
let seed = 7;
const pick = () => words[(seed = (seed * 1103515245 + 12345) % 2147483648) % words.length];
const largeDocx = buildDocx(Array.from({ length: PARAGRAPHS }, (_, i) => `Entry ${i}: ${Array.from({ length: 12 }, pick).join(' ')}`));
const run = '<w:p><w:r><w:t>grain</w:t></w:r></w:p>';
const bomb = writeZip([
  { name: '[Content_Types].xml', data: '<Types/>' },
  { name: 'word/document.xml', data: `<w:document><w:body>${run.repeat(Math.ceil(59e6 / run.length))}</w:body></w:document>` },
]);

const largePdf = PDF_MB > 0 ? await scannedPlanPdf(PDF_MB * 1e6) : null;

/**
 * A pest-control plan as a scanned office would send it: a few pages of text and one photographed page,
 * the image (random pixels, which no compression shrinks) making up the size.
 */
async function scannedPlanPdf(bytes) {
  const { PDFDocument, StandardFonts } = require('pdf-lib');
  const { deflateSync } = require('node:zlib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 4; p++) {
    const page = doc.addPage([595, 842]);
    for (let l = 0; l < 50; l++)
      page.drawText(`Section ${p + 1}.${l + 1}: ${Array.from({ length: 10 }, pick).join(' ')}`, { x: 40, y: 800 - l * 15, size: 9, font });
  }
  // a PNG of random RGB pixels, square, sized so the file comes out near `bytes`
  const side = Math.floor(Math.sqrt((bytes - 200_000) / 3));
  const raw = Buffer.alloc((side * 3 + 1) * side);
  require('node:crypto').randomFillSync(raw);
  for (let y = 0; y < side; y++) raw[y * (side * 3 + 1)] = 0; // filter byte of each row: none
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(require('node:zlib').crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const image = await doc.embedPng(png);
  doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

const { cookie } = await login();
// Health sampler: a request every 100 ms whatever the previous one does, so a stall shows as many
// slow samples rather than as fewer samples.
// A second sampler asks for a path no router serves: no database, only the event loop, so it tells a
// stalled process apart from a database queue.
const samples = [];
let phase = 'before';
const pending = new Set();
const sample = (target) => {
  const s = { target, phase, t0: performance.now(), ms: NaN, timeout: false, status: 0 };
  samples.push(s);
  const p = fetch(target.startsWith('http') ? target : `${base}${target}`, { signal: AbortSignal.timeout(5000) })
    .then(async (r) => {
      await r.arrayBuffer();
      s.status = r.status;
      s.ms = performance.now() - s.t0;
    })
    .catch(() => {
      s.timeout = true;
      s.ms = performance.now() - s.t0;
    })
    .finally(() => pending.delete(p));
  pending.add(p);
};
const sampler = setInterval(() => {
  sample('/api/health');
  sample('/api/no-such-path');
  sample(`http://127.0.0.1:${floorPort}/`);
}, 100);
await sleep(3000);

phase = 'during';
const timed = async (label, f) => {
  const t0 = performance.now();
  try {
    const out = await f();
    return { label, ms: performance.now() - t0, out };
  } catch (e) {
    return { label, ms: performance.now() - t0, out: `error: ${e.message}` };
  }
};
const complianceId = randomUUID();
const pdfComplianceId = randomUUID();
/** The documents are read by the worker after their uploads answered: the time from that answer. */
const readBy = async (id, label) => {
  const t0 = performance.now();
  let docStatus = 'unknown';
  while (performance.now() - t0 < 180_000) {
    const r = await fetch(`${base}/api/compliance/${id}`, { headers: headers(cookie) }).catch(() => null);
    const doc = r && r.ok ? (await r.json().catch(() => ({}))).compliance?.uploads?.[0] : null;
    if (doc && doc.status !== 'processing') {
      docStatus = `${doc.status}${doc.error ? ` (${doc.error})` : ''}`;
      break;
    }
    await sleep(100);
  }
  return { label, ms: performance.now() - t0, out: docStatus };
};
const reads = [];
const jobs = await Promise.all([
  timed(`CSV import, ${ROWS} rows (${(csv.length / 1e6).toFixed(1)} MB)`, async () => {
    const r = await upload(cookie, '/api/farmdata/harvesting/upload', csv, 'harvest.csv');
    return `${r.status} saved ${(await r.json()).saved}`;
  }),
  timed(`compliance DOCX upload, ${(largeDocx.length / 1e6).toFixed(1)} MB (${PARAGRAPHS} paragraphs)`, async () => {
    const r = await upload(cookie, `/openai/haccp-plan/${complianceId}/upload`, largeDocx, 'plan.docx');
    reads.push(readBy(complianceId, "compliance DOCX read by the worker (from its upload's answer)"));
    return `${r.status}`;
  }),
  ...(largePdf
    ? [
        timed(`compliance PDF upload, ${(largePdf.length / 1e6).toFixed(1)} MB (4 text pages and a scanned page)`, async () => {
          const r = await upload(cookie, `/openai/management-plan/${pdfComplianceId}/upload`, largePdf, 'plan-scan.pdf');
          reads.push(readBy(pdfComplianceId, "compliance PDF read by the worker (from its upload's answer)"));
          return `${r.status}`;
        }),
      ]
    : []),
  timed(`zip bomb upload, ${(bomb.length / 1e3).toFixed(0)} KB -> 59 MB`, async () => {
    const r = await upload(cookie, `/openai/pest-control/${randomUUID()}/upload`, bomb, 'bomb.docx');
    return `${r.status} ${(await r.json()).code}`;
  }),
  timed(`${LOGINS} concurrent logins`, async () => {
    const res = await Promise.all(Array.from({ length: LOGINS }, login));
    const by = {};
    for (const r of res) by[r.status] = (by[r.status] ?? 0) + 1;
    return JSON.stringify(by);
  }),
]);
jobs.push(...(await Promise.all(reads)));
phase = 'after';
await sleep(SETTLE_S * 1000);
clearInterval(sampler);
await Promise.all(pending);

const row = (label, list) => {
  const p = percentiles(list.filter((s) => !s.timeout).map((s) => s.ms));
  const over1s = list.filter((s) => s.ms > 1000).length;
  return `| ${label} | ${list.length} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${ms(Math.max(...list.map((s) => s.ms)))} | ${over1s} | ${list.filter((s) => s.timeout).length} |`;
};
const nameOf = (target) => (target.startsWith('http') ? 'floor: an idle Node HTTP server, own process' : target);
const lines = [
  process.env.BENCH_DATABASE_URL
    ? `### Responsiveness under heavy work — Postgres (BENCH_DATABASE_URL; worker ${process.env.WORKER_IN_PROCESS === '1' ? 'and SMTP catcher in the API process' : 'in its own process'})`
    : `### Responsiveness under heavy work — embedded default (PGlite in its own thread, worker and SMTP catcher in the API process)`,
  '',
  `\`node bench/responsiveness.mjs\`; ${os.cpus().length} cores, load average at end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}; GET /api/health (database, ledger, mail, PDF, Temporal probes) and GET /api/no-such-path (a 404, no database) every 100 ms each, 5 s time-out; beside them the floor, an idle Node HTTP server in its own process sampled the same way (what the machine's load alone costs).`,
  '',
  '| samples | n | p50 | p95 | p99 | max | over 1 s | time-outs |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...['/api/health', '/api/no-such-path', `http://127.0.0.1:${floorPort}/`].flatMap((target) => [
    row(
      `${nameOf(target)}, before the load (3 s)`,
      samples.filter((s) => s.target === target && s.phase === 'before'),
    ),
    row(
      `${nameOf(target)}, during the load (until the documents are read)`,
      samples.filter((s) => s.target === target && s.phase === 'during'),
    ),
    row(
      `${nameOf(target)}, after (${SETTLE_S} s)`,
      samples.filter((s) => s.target === target && s.phase === 'after'),
    ),
  ]),
  '',
  '| job (all started together) | time | answer |',
  '|---|---:|---|',
  ...jobs.map((j) => `| ${j.label} | ${ms(j.ms)} | ${j.out} |`),
];
console.log(lines.join('\n'));
await stop(0);
