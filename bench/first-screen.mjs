// (f) The first screen with a cold cache, in real Chromium: the whole app as `npm start` runs it (built
// UI, API, in-process worker, demo company) and, per sample, a fresh browser context (empty cache, the
// session cookie set as a sign-in leaves it), timed from navigation start (the page's own clock) to:
//   - the list page usable: /views/approval/list showing its certificate cards;
//   - the sign dialog usable: a reminder mail's link (/views/approval/detail?id=...&sign=1) opened by
//     the level's signer, its code field on screen.
// Beside them, in the same run and alternating: the floor of a cold navigation to the same server (its
// /api/health answer: browser context, connection, one request). The scripts each screen loaded are
// recorded (the sign screen must not load the compliance or policy screens), and one sample of each is
// traced (Chromium's performance trace) to say where the main thread's time went.
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import process from 'node:process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { percentiles } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const puppeteer = require('puppeteer-core');
const { CHROMIUM_ARGS, findChromium } = require('@grain/adapters');
const { createStores } = require('@grain/persistence');
const { startServer } = require('@grain/server');
const { createPostgresTestDb } = require('@grain/worker/dist/certificate-test-harness.js');

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function login(base, email, password) {
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
  return sid.slice('grain_sid='.length);
}

/** `count` certificates of the demo company submitted by its manager, level 1 signed by signer1; the first one's id and level. */
async function seedCertificates(server, base, count) {
  const logins = Object.fromEntries(server.demoLogins.map((l) => [l.role === 'signer' ? l.email.split('@')[0] : l.role, l]));
  const manager = await login(base, logins.manager.email, logins.manager.password);
  const stores = createStores(server.db.knex);
  const users = await server.db.knex('users').whereIn('email', [logins.signer1.email, logins.signer2.email, logins.manager.email]);
  const id = (email) => users.find((u) => u.email === email).id;
  const companyId = users[0].company_id;
  const ids = [];
  for (let i = 0; i < count; i++) {
    const record = await stores.farmData.create(companyId, id(logins.manager.email), {
      grainType: 'Wheat',
      harvestGrade: 'APH',
      storageLocation: `Silo ${i}`,
      quantity: 1200,
      protein: 91.5,
      moisture: 11.2,
      productionDate: '2025-01-15',
      dataType: 'Manual',
    });
    await server.db.knex('farm_data').where({ id: record._id }).update({ image_validation: 'Verified' });
    // A busy approval service (the Temporal deadline on a loaded machine) answers 503: try again.
    let res;
    for (let attempt = 0; attempt < 5; attempt++) {
      res = await fetch(`${base}/api/company/approval/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: `grain_sid=${manager}` },
        body: JSON.stringify({
          approvalNumber: `FS-${i + 1}`,
          approvalName: `Wheat lot ${i + 1}`,
          priority: 'High',
          approvalDoc: { _id: record._id },
          supportDocs: [],
          approvalLevels: [
            { group: 'Farm Data Signing', signers: [id(logins.signer1.email)], signatures: 1, deadline: day(3) },
            { group: 'Inspection Signing', signers: [id(logins.signer2.email)], signatures: 1, deadline: day(5) },
          ],
          status: 'signing',
        }),
      });
      if (res.status !== 503) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    const body = await res.json();
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
    ids.push(body.approval._id);
  }
  // The workflow writes the read model: wait until the first one is signing at level 1.
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/company/approval/${ids[0]}`, { headers: { cookie: `grain_sid=${manager}` } });
    const a = (await res.json()).approval;
    if (a?.status === 'signing' || a?.status === 'pending') break;
    if (Date.now() > until) throw new Error(`certificate ${ids[0]} not signing after 60 s (${a?.status})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { certificateId: ids[0], manager, signer: await login(base, logins.signer1.email, logins.signer1.password) };
}

/** Where the renderer's main thread spent its time in one trace: busy total and the largest kinds of work. */
function mainThreadSummary(trace) {
  const events = trace.traceEvents ?? trace;
  // The page's renderer: of the renderer main threads in the trace, the busiest.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const ownOf = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && typeof e.dur === 'number');
  const busyOf = (xs) => xs.filter((e) => e.name === 'RunTask').reduce((n, e) => n + e.dur, 0);
  const own = mains.map(ownOf).sort((a, b) => busyOf(b) - busyOf(a))[0];
  if (!own) return null;
  const busy = own.filter((e) => e.name === 'RunTask').reduce((n, e) => n + e.dur, 0) / 1000;
  const kinds = {
    'script compile + evaluate (module graph)': ['v8.compileModule', 'v8.evaluateModule', 'EvaluateScript', 'v8.compile', 'CompileScript'],
    'script run (events, timers, promises)': ['FunctionCall', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'V8.RunMicrotasks'],
    'style + layout': ['UpdateLayoutTree', 'Layout'],
    'paint + composite': ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers'],
    'HTML parse': ['ParseHTML'],
    GC: ['MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'],
  };
  const out = { busyMs: busy };
  for (const [k, names] of Object.entries(kinds)) out[k] = own.filter((e) => names.includes(e.name)).reduce((n, e) => n + e.dur, 0) / 1000;
  return out;
}

/** One cold navigation in a fresh context: ms from navigation start to `selector` on screen, and the scripts it loaded. */
async function coldVisit(browser, { url, cookie, selector, traceTo }) {
  const ctx = await browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    if (cookie) await page.setCookie({ name: 'grain_sid', value: cookie, url });
    const scripts = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push({ url: new URL(r.url()).pathname, bytes: Number(r.headers()['content-length'] ?? 0) });
    });
    if (traceTo) await page.tracing.start({ categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] });
    const wall = performance.now();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const el = await page.waitForSelector(selector, { visible: true, timeout: 30_000 });
    const ms = await el.evaluate(() => performance.now()); // the page's clock: since its navigation started
    const wallMs = performance.now() - wall;
    const raw = traceTo ? Buffer.from(await page.tracing.stop()).toString('utf8') : null;
    if (raw && process.env.FIRST_SCREEN_TRACE_DIR)
      writeFileSync(path.join(process.env.FIRST_SCREEN_TRACE_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}.json`), raw);
    const trace = raw ? JSON.parse(raw) : null;
    return { ms, wallMs, scripts, trace: trace ? mainThreadSummary(trace) : null };
  } finally {
    await ctx.close();
  }
}

/**
 * @returns { samples, list, sign, floor: percentiles; scripts: { list, sign }; traces: { list, sign }; initial: bytes }
 */
export async function firstScreen({ postgresUrl, temporalAddress, samples = 10, certificates = 20 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-first-'));
  const { db } = await createPostgresTestDb(postgresUrl);
  let server;
  let browser;
  try {
    server = await startServer({
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        SMTP_CATCHER_PORT: '0',
        DATA_DIR: dataDir,
        TEMPORAL_ADDRESS: temporalAddress,
        TEMPORAL_TASK_QUEUE: `bench-first-${Date.now()}`,
        SEED_DEMO_DATA: 'true',
      },
      db,
      log: () => undefined,
    });
    const base = `http://127.0.0.1:${server.port}`;
    const seeded = await seedCertificates(server, base, certificates);
    browser = await puppeteer.launch({
      executablePath: findChromium(process.env.CHROMIUM_PATH),
      headless: true,
      args: [...CHROMIUM_ARGS, '--window-size=1280,900'],
      defaultViewport: { width: 1280, height: 900 },
    });
    const screens = {
      list: { url: `${base}/views/approval/list`, cookie: seeded.manager, selector: '[data-testid^="approval-card-"]' },
      sign: {
        url: `${base}/views/approval/detail?id=${encodeURIComponent(seeded.certificateId)}&sign=1`,
        cookie: seeded.signer,
        selector: '[data-testid="sign-otp"]',
      },
      floor: { url: `${base}/api/health`, cookie: null, selector: 'body' },
    };
    // one visit each to start Chromium's own processes and the server's caches, not counted
    for (const s of Object.values(screens)) await coldVisit(browser, s);
    const times = { list: [], sign: [], floor: [], listWall: [], signWall: [] };
    const scripts = {};
    const traces = {};
    for (let i = 0; i < samples; i++) {
      for (const name of i % 2 ? ['sign', 'floor', 'list'] : ['list', 'floor', 'sign']) {
        const r = await coldVisit(browser, { ...screens[name], traceTo: i === 0 && name !== 'floor' });
        times[name].push(r.ms);
        if (name !== 'floor') times[`${name}Wall`].push(r.wallMs);
        scripts[name] ??= r.scripts;
        if (r.trace) traces[name] = r.trace;
      }
    }
    return {
      samples,
      certificates,
      list: percentiles(times.list),
      sign: percentiles(times.sign),
      floor: percentiles(times.floor),
      listWall: percentiles(times.listWall),
      signWall: percentiles(times.signWall),
      scripts,
      traces,
    };
  } finally {
    await browser?.close();
    await server?.stop();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
