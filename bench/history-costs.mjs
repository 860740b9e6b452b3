#!/usr/bin/env node
// What a certificate's history costs, counted from recorded histories (deterministic: no timing, no
// machine): events, workflow tasks, activations, local activities, activity tasks, timers, search-attribute
// upserts, Updates, payload bytes and where those bytes sit. Compares each history with the ceiling's
// (bench/ceiling/ceiling-history.json: the empty-handler workflow of bench/ceiling/ driven through the
// bench's shape, 3 levels x 2-of-3: six requestOtp + sign Updates).
//
//   node bench/history-costs.mjs                       the recorded histories of worker/src/histories
//   node bench/history-costs.mjs a.json b.json         these histories (protobuf JSON, as recorded)
//   node bench/history-costs.mjs --json                the counts as JSON
//   node bench/history-costs.mjs --record-ceiling      records bench/ceiling/ceiling-history.json (starts
//                                                      its own dev server; needs `npx tsc -b` first)
//   node bench/history-costs.mjs --record-http         records bench/histories/ours-http.json: one certificate
//                                                      of ours driven as the throughput bench drives it (the
//                                                      API process over HTTP, real accounts: bench/lib/
//                                                      http-certificates.mjs); starts its own dev server and a
//                                                      throwaway Postgres; needs `npm run build` first
//   node bench/history-costs.mjs --fields [files]      each history's payload bytes by event and by field
//                                                      (default: the ceiling's, the bench shape's, ours over HTTP)
//
// worker/src/histories/certificate-bench.json is the bench's shape driven through our workflow (recorded
// by `npm run histories:record`): the row to set beside the ceiling's.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { countHistory, fieldBytes } from './lib/history-count.cjs';

const root = path.resolve(import.meta.dirname, '..');
const CEILING_FILE = path.join(root, 'bench/ceiling/ceiling-history.json');
const HTTP_FILE = path.join(root, 'bench/histories/ours-http.json');
const argv = process.argv.slice(2);
const files = argv.filter((a) => !a.startsWith('--'));

if (argv.includes('--record-ceiling')) {
  await recordCeiling();
  process.exit(0);
}
if (argv.includes('--record-http')) {
  await recordHttp();
  process.exit(0);
}
if (argv.includes('--fields')) {
  const list = files.length ? files : [CEILING_FILE, path.join(root, 'worker/src/histories/certificate-bench.json'), HTTP_FILE];
  for (const f of list) printFields(f);
  process.exit(0);
}

const histDir = path.join(root, 'worker/src/histories');
const chosen = files.length
  ? files
  : readdirSync(histDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(histDir, f));
const rows = chosen.map((f) => ({ name: path.basename(f, '.json'), c: countHistory(JSON.parse(readFileSync(f, 'utf8'))) }));
try {
  if (!files.length) rows.push({ name: 'ours over HTTP (bench/histories/ours-http.json)', c: countHistory(JSON.parse(readFileSync(HTTP_FILE, 'utf8'))) });
} catch {
  /* not recorded yet */
}
let ceiling;
try {
  ceiling = { name: 'ceiling (empty handlers, bench shape)', c: countHistory(JSON.parse(readFileSync(CEILING_FILE, 'utf8'))) };
} catch {
  /* not recorded yet */
}

if (argv.includes('--json')) {
  console.log(JSON.stringify({ ceiling: ceiling?.c, histories: Object.fromEntries(rows.map((r) => [r.name, r.c])) }, null, 1));
  process.exit(0);
}

const kb = (n) => (n / 1024).toFixed(1);
const all = ceiling ? [ceiling, ...rows] : rows;
const FIGS = [
  ['events', (c) => c.events],
  ['workflow tasks', (c) => c.workflowTasks],
  ['activations (tasks + local activities)', (c) => c.activations],
  ['local activities', (c) => c.localActivities],
  ['activity tasks', (c) => c.activityTasks],
  ['timers started', (c) => c.timers],
  ['search-attribute upserts', (c) => c.searchAttributeUpserts],
  ['Updates', (c) => c.updates],
  ['payload KiB', (c) => kb(c.payloadBytes)],
];
console.log(`| figure | ${all.map((r) => r.name).join(' | ')} |`);
console.log(`|---|${all.map(() => '---:').join('|')}|`);
for (const [label, f] of FIGS) console.log(`| ${label} | ${all.map((r) => f(r.c)).join(' | ')} |`);
for (const r of all) {
  console.log(`\n${r.name}: payload KiB by where it sits`);
  for (const [k, v] of Object.entries(r.c.bytes).sort((a, b) => b[1] - a[1]))
    console.log(`  ${kb(v).padStart(6)}  ${((100 * v) / r.c.payloadBytes).toFixed(0).padStart(3)} %  ${k}`);
  if (Object.keys(r.c.localActivityTypes).length) console.log(`  local activities: ${JSON.stringify(r.c.localActivityTypes)}`);
  if (Object.keys(r.c.activityTypes).length) console.log(`  activities: ${JSON.stringify(r.c.activityTypes)}`);
}
if (ceiling) {
  for (const ours of rows.filter((r) => r.name === 'certificate-bench' || r.name.startsWith('ours over HTTP')))
    console.log(
      `\n${ours.name === 'certificate-bench' ? 'bench shape' : 'ours over HTTP'}, ours / ceiling: events ${(ours.c.events / ceiling.c.events).toFixed(2)}x, activations ${(ours.c.activations / ceiling.c.activations).toFixed(2)}x, payload bytes ${(ours.c.payloadBytes / ceiling.c.payloadBytes).toFixed(2)}x (goal <= 2x)`,
    );
}

/** One history's payload bytes by event (countHistory's labels, with how many events) and by field within each. */
function printFields(file, top = 12) {
  let history;
  try {
    history = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`\n${path.relative(root, file)}: not recorded`);
    return;
  }
  const c = countHistory(history);
  const fields = fieldBytes(history);
  console.log(`\n${path.relative(root, file)}: ${c.payloadBytes} B of payload in ${c.events} events`);
  const byWhere = {};
  for (const [k, v] of Object.entries(fields)) {
    const where = k.slice(0, k.indexOf(' › '));
    (byWhere[where] ??= []).push([k.slice(where.length + 3), v]);
  }
  for (const [where, bytes] of Object.entries(c.bytes).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(bytes).padStart(6)} B  ${((100 * bytes) / c.payloadBytes).toFixed(0).padStart(3)} %  ${where}`);
    const list = (byWhere[where] ?? []).sort((a, b) => b[1] - a[1]);
    for (const [k, v] of list.slice(0, top)) console.log(`  ${''.padStart(6)}    ${String(v).padStart(6)} B  ${k}`);
    if (list.length > top)
      console.log(`  ${''.padStart(6)}    ${String(list.slice(top).reduce((a, [, v]) => a + v, 0)).padStart(6)} B  (${list.length - top} more fields)`);
  }
}

/**
 * Records one certificate of ours as the throughput bench drives it by default (`--ours=http`): the API
 * process over HTTP with the nine seeded signer accounts (bench/lib/http-certificates.mjs), on a dev
 * server and a throwaway Postgres of its own; keeps its history in bench/histories/ours-http.json.
 */
async function recordHttp() {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const { mkdirSync, mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const { ensureTemporal } = await import('../scripts/ensure-temporal.mjs');
  const { startDevServer } = await import('../scripts/temporal-dev.mjs');
  const { startSystem } = await import('./lib/env.mjs');
  const { CHAIN } = await import('./lib/certificates.mjs');
  const { temporal } = require('@temporalio/proto');
  const { startThrowawayPostgres } = require('../worker/dist/certificate-test-harness.js');
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'grain-http-history-'));
  const server = await startDevServer({ bin: await ensureTemporal(), headless: true });
  const pg = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres({ tuned: false, settings: ['synchronous_commit=off'] });
  let sys;
  try {
    sys = await startSystem({ temporal: server, topology: 'postgres', postgresUrl: process.env.DATABASE_URL ?? pg.url, logDir, api: true });
    const d = sys.driver.makeDraft(sys);
    const h = await sys.driver.submit(sys, d);
    for (const who of CHAIN) await sys.driver.signOnce(sys, h, d, who);
    const state = await sys.driver.issued(sys, d);
    if (!sys.driver.finished(state)) throw new Error(`certificate ${d.id} ended ${state?.status}`);
    await h.result();
    const history = await h.fetchHistory();
    mkdirSync(path.dirname(HTTP_FILE), { recursive: true });
    writeFileSync(HTTP_FILE, `${JSON.stringify(temporal.api.history.v1.History.fromObject(history).toJSON())}\n`);
    console.log(`recorded ${path.relative(root, HTTP_FILE)} (${history.events.length} events)`);
  } catch (e) {
    console.error(`logs kept in ${logDir}`);
    throw e;
  } finally {
    await sys?.close();
    await pg?.stop();
    await server.stop();
  }
  rmSync(logDir, { recursive: true, force: true });
}

/** Drives the ceiling workflow through the bench's shape on a dev server of its own and keeps its history. */
async function recordCeiling() {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const { ensureTemporal } = await import('../scripts/ensure-temporal.mjs');
  const { startDevServer } = await import('../scripts/temporal-dev.mjs');
  const { buildCeilingBundle } = await import('./lib/ceiling.mjs');
  const { benchDraft, CHAIN } = await import('./lib/certificates.mjs');
  const { Client, Connection } = require('@temporalio/client');
  const { NativeConnection, Worker } = require('@temporalio/worker');
  const { temporal } = require('@temporalio/proto');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-ceiling-history-'));
  const server = await startDevServer({ bin: await ensureTemporal(), headless: true });
  try {
    const bundle = await buildCeilingBundle(dir);
    const taskQueue = `ceiling-history-${Date.now()}`;
    const nc = await NativeConnection.connect({ address: server.address });
    const worker = await Worker.create({ connection: nc, taskQueue, workflowBundle: { codePath: bundle.file } });
    const running = worker.run();
    const connection = await Connection.connect({ address: server.address });
    const client = new Client({ connection });
    const d = benchDraft('ceil');
    const h = await client.workflow.start('ceilingWorkflow', {
      workflowId: `ceiling-${d.id}`,
      taskQueue,
      args: [{ certificate: d, submittedBy: { id: d.submitter.id, name: d.submitter.name } }],
    });
    for (const who of CHAIN) {
      const actor = { id: `${d.id}-${who}`, name: `Signer ${who}` };
      await h.executeUpdate('requestOtp', { args: [{ actor }] });
      await h.executeUpdate('sign', { args: [{ actor, otpId: 'none' }] });
    }
    await h.result();
    const history = await h.fetchHistory();
    writeFileSync(CEILING_FILE, `${JSON.stringify(temporal.api.history.v1.History.fromObject(history).toJSON())}\n`);
    console.log(`recorded ${CEILING_FILE} (${history.events.length} events)`);
    worker.shutdown();
    await running;
    await connection.close();
    await nc.close();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
