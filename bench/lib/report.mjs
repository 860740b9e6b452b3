// Markdown for bench/RESULTS.md: the machine and versions of a run, and one section per benchmark.
import process from 'node:process';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mb, ms } from './measure.mjs';
import { signProfileTable } from './sign-profile.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  return {
    nproc: os.availableParallelism?.() ?? os.cpus().length,
    cpu,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    load: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
    kernel: `${os.type()} ${os.release()}`,
  };
}

export function versions(temporalBin) {
  const v = { node: process.version };
  try {
    v.temporal = execFileSync(temporalBin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    v.temporal = 'unknown';
  }
  const dir = path.join(root, 'node_modules/@temporalio');
  v.temporalio = readdirSync(dir)
    .map((p) => `${p}@${JSON.parse(readFileSync(path.join(dir, p, 'package.json'), 'utf8')).version}`)
    .join(', ');
  try {
    v.chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    v.chromium = 'unknown';
  }
  return v;
}

const pct = (p) => `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)} (n=${p.n})`;
/** The errors of a run, ids blanked, by count: "164 x /api/.../L3/sign: 503 ..." */
export function errorSummary(errors, top = 3) {
  const by = new Map();
  for (const e of errors) {
    const k = String(e)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
      .replace(/\b(tp|if|b)[0-9a-z]{8,}\b/g, '<id>')
      .slice(0, 240);
    by.set(k, (by.get(k) ?? 0) + 1);
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, n]) => `${n} x ${k}`)
    .join('; ');
}

const verdict = (ok) => (ok === undefined ? '' : ok ? '**met**' : '**missed**');

export function header({ command, m, v, setup }) {
  return [
    `## Run of ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Command: \`${command}\``,
    '',
    `Machine: ${m.nproc} cores (${m.cpu}), ${m.memory} RAM, ${m.kernel}; load average at start ${m.load} (the machine is shared with the team's builds and tests).`,
    '',
    `Versions: node ${v.node}; ${v.temporal}; ${v.temporalio}; ${v.chromium}; ${setup.postgres}.`,
    '',
    `Setup: ${setup.text}`,
    '',
  ].join('\n');
}

const variantLine = (v) =>
  `Worker options over createWorker's: \`${JSON.stringify(v.tuning)}\`; worker db pool ${v.poolMax ?? 10}; mail sender: ${v.mail === 'pooled' ? 'pooled (bench/lib/pooled-mail-sender.cjs)' : "the adapter's SmtpMailSender (pooled transport since 3e17b5a)"}.`;

export function throughputSection(label, r, v, cpu) {
  return [
    `### (a) Certificates per minute, 3 levels x 2-of-3 — ${label}`,
    '',
    `${variantLine(v)} ${r.lanes} concurrent callers; ${(r.wallMs / 1000).toFixed(0)} s measured.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| certificates completed (done, PDF stored) | ${r.completed} (read model shows ${r.readModelDone} done) |`,
    `| **certificates per minute** (target >= 300) | **${r.perMinute.toFixed(0)}** ${verdict(r.perMinute >= 300)} |`,
    `| one certificate end to end p50 / p95 / p99 | ${pct(r.certMs)} |`,
    `| ${/HTTP/.test(r.kind) ? 'sign call (HTTP POST approvallevel/:id/sign, end to end; every call in the window, refused ones at their answer)' : 'sign call (verify + sign Update)'} p50 / p95 / p99 | ${pct(r.signMs)} |`,
    ...(r.refusedSignCalls
      ? [
          `| sign calls refused (answered with an error) / their time p50 / p95 | ${r.refusedSignCalls} / ${ms(r.refusedSignMs.p50)} / ${ms(r.refusedSignMs.p95)} |`,
        ]
      : []),
    `| last sign (completion + PDF) p50 / p95 / p99 | ${pct(r.lastSignMs)} |`,
    `| code request (the API's: checks, code made and mailed) p50 / p95 / p99 | ${pct(r.otpMs)} |`,
    `| mails sent over SMTP | ${r.mails} |`,
    `| errors | ${r.errors.length}${r.errors.length ? `: ${errorSummary(r.errors)}` : ''} |`,
    ...costRows(r),
    ...(r.pgStatements ? ['', statementsTable(r.pgStatements)] : []),
    '',
    'CPU while measured:',
    '',
    cpu,
    '',
  ].join('\n');
}

export function inflightSection(r, v, cpu) {
  const mem = (x) =>
    `RSS ${mb(x.mem.rss)}, heap used ${mb(x.mem.heapUsed)} (total ${mb(x.mem.heapTotal)}), external ${mb(x.mem.external)}; ${x.cachedWorkflows} cached workflows${settledNote(x)}`;
  return [
    `### (b) Sign -> read model visible with ${r.inFlight} certificates in flight, and (c) worker memory — ${v.label}`,
    '',
    `${variantLine(v)} ${r.concurrency} concurrent sign callers, round-robin over the open certificates.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| certificates opened / in read model (status signing) | ${r.opened} / ${r.openInReadModel} in ${(r.openMs / 1000).toFixed(1)} s |`,
    `| signatures made | ${r.signs} in ${(r.signWallMs / 1000).toFixed(0)} s (${r.signsPerSecond.toFixed(1)} / s) |`,
    `| **sign call -> read model visible** p50 / p95 / p99 (target p95 <= 75 ms) | **${pct(r.visibleMs)}** ${verdict(r.visibleMs.p95 <= 75)} |`,
    `| sign Update alone (verify + sign) p50 / p95 / p99 | ${pct(r.signMs)} |`,
    `| code request (the API's) p50 / p95 / p99 | ${pct(r.otpMs)} |`,
    `| reads that did not yet see the signature | ${r.extraReads} |`,
    `| server timeouts / other errors | ${r.timeouts} / ${r.errors.length - r.timeouts}${r.errors.length ? `: ${[...new Set(r.errors)].slice(0, 3).join('; ')}` : ''} |`,
    `| worker memory, idle | ${mem(r.memory.idle)} |`,
    `| worker memory, ${r.opened} open | ${mem(r.memory.open)} |`,
    `| worker memory, after the signing | ${mem(r.memory.after)} |`,
    ...(r.perCachedWorkflow === undefined
      ? []
      : [`| RSS above idle per cached workflow (after a GC in every thread, median of 5) | ${(r.perCachedWorkflow / 1048576).toFixed(2)} MB |`]),
    ...mainGcOnlyRow(r),
    '',
    'CPU while measured (opening and signing):',
    '',
    cpu,
    '',
    ...(r.profile
      ? [
          `Where a sign's time goes (from ${r.profile.signs ?? 0} sign Updates in the workflows' histories, server timestamps; bench/lib/sign-profile.mjs):`,
          '',
          r.profile.error ? `profile failed: ${r.profile.error}` : signProfileTable(r.profile),
          '',
        ]
      : []),
  ].join('\n');
}

/** The PDF goals (issue 17): warm p95 <= 50 ms and within 1.2x of the bare page's p95. */
export const PDF_GOAL = { p95Ms: 50, factor: 1.2 };

export function pdfSection(r) {
  const ratio = r.sequential.p95 / r.baseline.p95;
  const ok = r.sequential.p95 <= PDF_GOAL.p95Ms && ratio <= PDF_GOAL.factor;
  return [
    '### (d) Certificate PDF with a warm browser, beside bare Chromium',
    '',
    `The completion activity's HTML (${(r.htmlBytes / 1024).toFixed(0)} KiB, QR code inline) rendered by ChromiumPdfRenderer (the worker's adapter: idle pages kept and reused, no network for documents). Ceiling, alternating with it render by render: bare Chromium on one reused page of its own browser (puppeteer setContent, then Page.printToPDF with the same paper in one message; no request blocking, no page pool). Goals: p95 <= ${PDF_GOAL.p95Ms} ms and <= ${PDF_GOAL.factor}x the ceiling's p95.`,
    '',
    '| figure | p50 / p95 / p99 |',
    '|---|---|',
    `| first render (browser launch) | ${ms(r.coldMs)} |`,
    `| **warm, one at a time** | **${pct(r.sequential)}** |`,
    `| ceiling: bare Chromium, one reused page | ${pct(r.baseline)} |`,
    `| **ours / ceiling (p50, p95)** | **${(r.sequential.p50 / r.baseline.p50).toFixed(2)}x, ${ratio.toFixed(2)}x** ${verdict(ok)} |`,
    `| warm, two at a time (ours) | ${pct(r.twoAtATime)} |`,
    '',
  ].join('\n');
}

/** The list API's goals (issue 17): >= 80 % of the bare route's throughput, p99 within 1.5x of its p99. */
export const LIST_GOAL = { rpsShare: 0.8, p99Factor: 1.5 };
export const listVerdict = (x) => x.rps >= LIST_GOAL.rpsShare * x.baseline.rps && x.p99 <= LIST_GOAL.p99Factor * x.baseline.p99;

export function listSection(r, loadText) {
  const lines = [
    `### (e) The certificate list API over ${r.rows.toLocaleString('en')} certificates, ${r.connections} connections (autocannon), beside a bare Express route`,
    '',
    `GET /api/company/approvals (20 per page, keyset cursors only) on the server as \`npm start\` runs it (startServer, WORKER_IN_PROCESS=false, NODE_ENV=production) in its own process, signed in as a manager (session cookie: session + user + group lookups per request); one company holding all ${r.rows.toLocaleString('en')} rows (seeded by one INSERT ... SELECT in ${r.seedSeconds.toFixed(1)} s; states from the domain machine: 50 % done, 10 % drafts, the rest at every signing step, 2 % of unfinished overdue). Autocannon in the bench process; ${r.durationS} s per figure after a 3 s warm-up. Walking the whole list (limit 100, following nextCursor): ${r.walk.pages} pages in ${(r.walk.ms / 1000).toFixed(1)} s, every certificate exactly once.`,
    '',
    `Ceiling, measured in the same run alternating with ours (${r.pairs} pair${r.pairs > 1 ? 's' : ''} per figure; the pair of ours' median throughput shown): a bare Express route in its own process (bench/lib/bare-list-process.cjs) running the same keyset statement (listPageStatement) as a prepared statement on a pg pool of the same size, answering the same number of bytes; no session, no counts, no middleware. Goals: >= ${LIST_GOAL.rpsShare * 100} % of its req/s and p99 <= ${LIST_GOAL.p99Factor}x its p99.`,
    '',
    loadText,
    '',
    '| pages | req/s ours / ceiling (ratio) | p99 ours / ceiling (ratio) | p50 / p97.5 / max (ours) | non-2xx / errors | bytes per answer ours / ceiling | goal |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const x of r.runs) {
    const b = x.baseline;
    x.verdict = listVerdict(x);
    lines.push(
      `| ${x.name} | **${x.rps.toFixed(0)}** / ${b.rps.toFixed(0)} (**${(x.rps / b.rps).toFixed(2)}**) | **${x.p99}** / ${b.p99} ms (**${(x.p99 / b.p99).toFixed(2)}x**) | ${x.p50} / ${x.p97_5} / ${x.max} ms | ${x.non2xx} / ${x.errors} (ceiling ${b.non2xx} / ${b.errors}) | ${x.bytesPerReq.toFixed(0)} / ${b.bytesPerReq.toFixed(0)} | ${verdict(x.verdict)} |`,
    );
  }
  if (r.pairs > 1) {
    lines.push('', 'Every pair (ours / ceiling req/s, p99 ms):', '');
    for (const x of r.runs)
      lines.push(
        `- ${x.name}: ${x.all.ours.map((o, i) => `${o.rps.toFixed(0)} / ${x.all.bare[i].rps.toFixed(0)} req/s, ${o.p99} / ${x.all.bare[i].p99} ms`).join('; ')}`,
      );
  }
  lines.push(
    '',
    `Earlier absolute targets (issue 8: >= 3,000 req/s, p99 <= 30 ms): ${r.runs.map((x) => `${x.name} ${verdict(x.rps >= 3000 && x.p99 <= 30)}`).join('; ')}.`,
    '',
  );
  for (const x of r.runs) {
    lines.push(`CPU during "${x.name}", ours (load after: ${x.load.map((v) => v.toFixed(2)).join(' ')}):`, '', x.cpuTable, '');
    lines.push(`CPU during "${x.name}", ceiling:`, '', x.baseline.cpuTable, '');
  }
  lines.push('Query plans of the statements the list sends (EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) on the captured SQL):', '');
  for (const p of r.plans) {
    lines.push(
      `- ${p.name}, ${p.ms.toFixed(2)} ms: \`${p.sql.replace(/\s+/g, ' ').slice(0, 160)}${p.sql.length > 160 ? '…' : ''}\``,
      '',
      '  ```',
      ...p.lines.map((l) => `  ${l}`),
      '  ```',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The first screen's goal (issue 17): each screen usable within 1 s of navigation, cold cache. */
export const FIRST_SCREEN_GOAL_MS = 1000;

export function firstScreenSection(r) {
  const row = (label, p, floor) =>
    `| ${label} | **${ms(p.p50)} / ${ms(p.p95)}** / ${ms(p.max)} | ${ms(floor.p50)} | **${(p.p50 / floor.p50).toFixed(1)}x** | ${verdict(p.p95 <= FIRST_SCREEN_GOAL_MS)} |`;
  const kb = (xs) => `${(xs.reduce((n, x) => n + x.bytes, 0) / 1024).toFixed(0)} kB`;
  const names = (xs) => xs.map((x) => x.url.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')).join(', ');
  const forbidden = (r.scripts.sign ?? []).filter((x) => /Compliance|Policy/.test(x.url));
  const lines = [
    `### (f) The first screen, cold cache, real Chromium`,
    '',
    `The app as \`npm start\` runs it (built UI, API, in-process worker, demo company with ${r.certificates} certificates at level 1) on a fresh Postgres database; headless Chromium, 1280x900. Each sample is a new browser context (empty cache) holding the session cookie a sign-in leaves; time from navigation start to the screen usable, read on the page's own clock (performance.now() when the element is on screen). ${r.samples} samples per screen, alternating with the floor.`,
    '',
    '| screen | p50 / p95 / max | floor p50 (cold navigation to /api/health) | p50 / floor | goal p95 <= 1 s |',
    '|---|---|---|---|---|',
    row('certificate list usable (/views/approval/list: its cards on screen)', r.list, r.floor),
    row("sign dialog usable (a reminder's link, ?sign=1: the code field on screen)", r.sign, r.floor),
    '',
    `Scripts loaded: list ${r.scripts.list.length} (${kb(r.scripts.list)} uncompressed: ${names(r.scripts.list)}); sign ${r.scripts.sign.length} (${kb(r.scripts.sign)}: ${names(r.scripts.sign)}). Compliance or policy scripts loaded by the sign screen: ${forbidden.length ? `**${names(forbidden)}**` : 'none'}.`,
    '',
  ];
  for (const [name, t] of Object.entries(r.traces ?? {})) {
    if (!t) continue;
    const parts = Object.entries(t)
      .filter(([k]) => k !== 'busyMs')
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ');
    lines.push(`Main thread in one traced ${name} sample (Chromium performance trace): busy ${ms(t.busyMs)}: ${parts}.`, '');
  }
  return lines.join('\n');
}

/**
 * The run's figures beside their ceilings, one row each: { figure, goal, ceiling, ours, ratio, met }.
 * Printed at the end of `npm run bench` and written first in its section.
 */
export function ratioTable(rows) {
  if (!rows.length) return '';
  return [
    '### Ours / ceiling, this run',
    '',
    '| figure | goal | ceiling (same run) | ours | ours / ceiling | goal |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.figure} | ${r.goal} | ${r.ceiling} | ${r.ours} | **${r.ratio}** | ${verdict(r.met)} |`),
    '',
  ].join('\n');
}

/** The ratio rows of the list, PDF and first-screen benchmarks. */
export function listRatios(r) {
  return r.runs.flatMap((x) => [
    {
      figure: `list API req/s, ${x.name}`,
      goal: `>= ${LIST_GOAL.rpsShare * 100} % of the ceiling`,
      ceiling: `${x.baseline.rps.toFixed(0)} req/s`,
      ours: `${x.rps.toFixed(0)} req/s`,
      ratio: `${((100 * x.rps) / x.baseline.rps).toFixed(0)} %`,
      met: x.rps >= LIST_GOAL.rpsShare * x.baseline.rps,
    },
    {
      figure: `list API p99, ${x.name}`,
      goal: `<= ${LIST_GOAL.p99Factor}x the ceiling`,
      ceiling: `${x.baseline.p99} ms`,
      ours: `${x.p99} ms`,
      ratio: `${(x.p99 / x.baseline.p99).toFixed(2)}x`,
      met: x.p99 <= LIST_GOAL.p99Factor * x.baseline.p99,
    },
  ]);
}

export function pdfRatios(r) {
  return [
    {
      figure: 'warm PDF p95',
      goal: `<= ${PDF_GOAL.p95Ms} ms and <= ${PDF_GOAL.factor}x the ceiling`,
      ceiling: ms(r.baseline.p95),
      ours: ms(r.sequential.p95),
      ratio: `${(r.sequential.p95 / r.baseline.p95).toFixed(2)}x`,
      met: r.sequential.p95 <= PDF_GOAL.p95Ms && r.sequential.p95 <= PDF_GOAL.factor * r.baseline.p95,
    },
  ];
}

export function firstScreenRatios(r) {
  return [
    ['first screen: list usable, p95', r.list],
    ['first screen: sign dialog usable, p95', r.sign],
  ].map(([figure, p]) => ({
    figure,
    goal: `<= ${FIRST_SCREEN_GOAL_MS} ms`,
    ceiling: `${ms(r.floor.p95)} (cold navigation floor)`,
    ours: ms(p.p95),
    ratio: `${(p.p95 / r.floor.p95).toFixed(1)}x`,
    met: p.p95 <= FIRST_SCREEN_GOAL_MS,
  }));
}

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
/** The worker's cost rows of a throughput result (bench/lib/task-costs.mjs). */
function costRows(r) {
  const c = r.perCertificate;
  const threads = Object.entries(r.workerThreads ?? {})
    .filter(([, v]) => v >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
    .join(', ');
  return [
    `| **worker CPU per workflow task** (worker process, all threads, over the measured certificates) | **${f1(r.cpuPerTaskMs)} ms** (${r.workerCpuSeconds.toFixed(1)} s over ${r.costs.workflowTasks} tasks; threads: ${threads}) |`,
    `| per certificate: history events / workflow tasks / activity tasks / local activities / timers / search-attribute upserts | ${f1(c.events)} / ${f1(c.workflowTasks)} / ${f1(c.activityTasks)} / ${f1(c.localActivities)} / ${f1(c.timers)} / ${f1(c.searchAttributeUpserts)} |`,
    `| per certificate: payload bytes in history | ${f1(c.payloadKiB)} KiB |`,
    ...(Number.isFinite(r.pgTransactionsPerCertificate)
      ? [`| per certificate: Postgres transactions committed (app database; an autocommit statement is one) | ${f1(r.pgTransactionsPerCertificate)} |`]
      : []),
    ...(r.cpuByProcess && Object.keys(r.cpuByProcess).length
      ? [`| **CPU-seconds per issued certificate, all processes summed** | **${r.cpuPerCertificateS.toFixed(3)} s** (${cpuByProcessText(r)}) |`]
      : []),
  ];
}

/** The app database's statements over the measured certificates (pg_stat_statements). */
function statementsTable(p) {
  return [
    `Statements in the app database (pg_stat_statements, top level): ${f1(p.callsPerCertificate)} a certificate, ${f1(p.execMsPerCertificate)} ms of execution and ${f1(p.plansPerCertificate ?? NaN)} plans / ${f1(p.planMsPerCertificate ?? NaN)} ms of planning a certificate; the costliest (execution + planning):`,
    '',
    '| calls a certificate | plans a certificate | ms a certificate (of it planning) | mean exec | statement |',
    '|---:|---:|---:|---:|---|',
    ...p.rows.map(
      (x) =>
        `| ${f1(x.perCertificate)} | ${f1(x.plansPerCertificate ?? NaN)} | ${(x.msPerCertificate ?? NaN).toFixed(2)} (${(x.planMsPerCertificate ?? NaN).toFixed(2)}) | ${x.execMs.toFixed(2)} ms | ${x.toplevel === false ? '(nested) ' : ''}\`${x.query.replace(/\|/g, '\\|').replace(/`/g, "'")}\` |`,
    ),
  ].join('\n');
}

/** "worker 12.0 s, API 3.1 s, ..." over the measured window (process trees, bench/lib/tree-cpu.mjs). */
function cpuByProcessText(r) {
  return Object.entries(r.cpuByProcess)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
    .join(', ');
}

/** The floor's run (bench/floor.mjs): each effect a certificate needs, alone. */
export function floorSection(r, of) {
  return [
    `### The floor: each effect a certificate needs, done once by the cheapest correct means, alone (bench/floor.mjs)${of ? `, ${of}` : ''}`,
    '',
    `${r.kinds[0]?.certificates ?? 0} certificates' worth of each effect, ${r.concurrency} at a time; CPU of the effects process's tree (its Chromium included) and of Postgres's.`,
    '',
    '| effect | count | wall | CPU s (effects process / Postgres) | Postgres transactions a certificate | CPU per certificate |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.kinds.map(
      (k) =>
        `| ${k.label} | ${k.count} | ${(k.wallMs / 1000).toFixed(1)} s | ${k.cpu.effects.toFixed(2)} / ${(k.cpu.postgres ?? 0).toFixed(2)} | ${k.pgTransactionsPerCertificate.toFixed(1)} | ${(1000 * k.perCertificate).toFixed(1)} ms |`,
    ),
    `| **the effects, summed** | | | | ${r.pgTransactionsPerCertificate.toFixed(1)} | **${(1000 * r.perCertificate).toFixed(1)} ms** |`,
    '',
  ].join('\n');
}

/** A throughput run of the ceiling (bench/ceiling/ceiling-workflow.cjs). */
export function ceilingThroughputSection(r, bundleBytes, { commands = false } = {}) {
  return [
    commands
      ? "### (a) Ceiling with the design's commands: the same Updates answered at once, and the timers, search-attribute upserts and PDF activity ours makes, with nothing behind them (ceilingCommandsWorkflow, bench/ceiling/ceiling-workflow.cjs)"
      : `### (a) Ceiling: the same shape with empty handlers (bench/ceiling/ceiling-workflow.cjs)`,
    '',
    `Same dev server, same worker settings (WORKER_SIZING), its own worker process; bundle ${(bundleBytes / 1024).toFixed(0)} KiB. ${r.lanes} concurrent callers; ${(r.wallMs / 1000).toFixed(0)} s measured.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| workflows completed | ${r.completed} |`,
    `| **workflows per minute** | **${r.perMinute.toFixed(0)}** |`,
    `| one workflow end to end p50 / p95 / p99 | ${pct(r.certMs)} |`,
    `| sign Update p50 / p95 / p99 | ${pct(r.signMs)} |`,
    `| requestOtp Update p50 / p95 / p99 | ${pct(r.otpMs)} |`,
    `| errors | ${r.errors.length}${r.errors.length ? `: ${errorSummary(r.errors)}` : ''} |`,
    ...costRows(r),
    '',
  ].join('\n');
}

/** A run of the ceiling with many workflows open (sign latency, memory per cached workflow). */
export function ceilingInflightSection(r) {
  const mem = (x) => `RSS ${mb(x.mem.rss)}; ${x.cachedWorkflows} cached workflows${settledNote(x)}`;
  return [
    `### (b) Ceiling with ${r.inFlight} in flight: the same shape with empty handlers`,
    '',
    `${r.concurrency} concurrent sign callers, round-robin over the open workflows.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| workflows opened / held by the worker | ${r.opened} / ${r.openInReadModel} in ${(r.openMs / 1000).toFixed(1)} s |`,
    `| signatures made | ${r.signs} in ${(r.signWallMs / 1000).toFixed(0)} s (${r.signsPerSecond.toFixed(1)} / s) |`,
    `| **sign Update** p50 / p95 / p99 | **${pct(r.visibleMs)}** |`,
    `| errors | ${r.errors.length}${r.errors.length ? `: ${errorSummary(r.errors)}` : ''} |`,
    `| worker memory, idle / open / after | ${mem(r.memory.idle)} / ${mem(r.memory.open)} / ${mem(r.memory.after)} |`,
    `| **RSS above idle per cached workflow** (after a GC in every thread, median of 5) | **${(r.perCachedWorkflow / 1048576).toFixed(2)} MB** |`,
    ...mainGcOnlyRow(r),
    '',
  ].join('\n');
}

/** How a settled memory reading was taken (bench/lib/settled-memory.cjs): its RSS readings, and the one after the main thread's GC alone. */
function settledNote(x) {
  if (!x.rssReadings) return '';
  return ` (median of RSS ${x.rssReadings.map((b) => (b / 1048576).toFixed(0)).join(' / ')} MB, each after a GC in the main and ${x.threads} worker threads; after the main thread's GC alone ${mb(x.mainGcOnly.rss)})`;
}

/** The per-workflow figure as read before (the main thread's GC only, one reading), beside the settled one. */
function mainGcOnlyRow(r) {
  return r.perCachedWorkflowMainGcOnly === undefined
    ? []
    : [
        `| RSS above idle per cached workflow, read as before (after the main thread's GC only, one reading) | ${(r.perCachedWorkflowMainGcOnly / 1048576).toFixed(2)} MB |`,
      ];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/**
 * Ours beside the ceiling (and the floor) of the same run, with issue 29's goals: `pairs` of throughput
 * results ({ lanes, ceiling, ours }), `inflight` results by count ({ n, ceiling, ours }), `floor`
 * (bench/floor.mjs: the effects' CPU per certificate, added to the ceiling's own).
 */
export function ratioSection({ pairs, inflight, floor }) {
  const rows = ['| figure | goal | ceiling | floor | ours | ratio | verdict |', '|---|---|---:|---:|---:|---:|---|'];
  const cell = (x, unit, d = 1) => (Number.isFinite(x) ? `${x.toFixed(d)}${unit}` : 'n/a');
  const line = (name, goal, c, fl, o, ratio, ok, unit = '', d = 1) =>
    rows.push(
      `| ${name} | ${goal} | ${cell(c, unit, d)} | ${cell(fl, unit, d)} | ${cell(o, unit, d)} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a'} | ${verdict(ok)} |`,
    );
  const byLanes = new Map();
  for (const p of pairs) byLanes.set(p.lanes, [...(byLanes.get(p.lanes) ?? []), p]);
  const main = byLanes.get(40) ?? byLanes.get(Math.min(...byLanes.keys())) ?? [];
  const med = (ps, f) => median(ps.map(f).filter(Number.isFinite));
  // the pairs with the commands ceiling, and what the design's platform commands cost: its CPU less the ceiling's
  const withCommands = main.filter((p) => p.commands);
  const commandsCost = med(withCommands, (p) => p.commands.cpuPerCertificateS - p.ceiling.cpuPerCertificateS);
  // each pair's floor: its ceiling plus the effects measured in that pair (else the run's one floor), so a
  // ratio to it is read at one speed of the machine; the figures shown are the medians of the pairs'
  const runOf = (p) => p?.floor ?? floor;
  const effectsOf = (p) => runOf(p)?.perCertificate ?? NaN;
  const floorOf = (p) => p.ceiling.cpuPerCertificateS + effectsOf(p);
  const commandsFloorOf = (p) => (p.commands ? p.commands.cpuPerCertificateS + effectsOf(p) : NaN);
  const perPair = main.some((p) => p.floor);
  const byPair = (ps, f) => (ps.length > 1 ? ` (${ps.map((p) => `${f(p).toFixed(2)}x`).join(' / ')} by pair)` : '');
  if (main.length) {
    const n = `${main[0].lanes} callers, median of ${main.length} pair${main.length > 1 ? 's' : ''}`;
    const c = med(main, (p) => p.ceiling.perMinute);
    const o = med(main, (p) => p.ours.perMinute);
    line(`certificates / min, 3 x 2-of-3, ${n}`, '>= 0.6 x ceiling', c, undefined, o, o / c, o / c >= 0.6, '', 0);
    const cc = med(main, (p) => p.ceiling.cpuPerCertificateS);
    const oc = med(main, (p) => p.ours.cpuPerCertificateS);
    const fc = med(main, floorOf);
    const ratio = med(main, (p) => p.ours.cpuPerCertificateS / floorOf(p));
    const where = perPair ? "the pair's ceiling + each effect alone, measured in the pair" : 'ceiling + each effect alone';
    line(
      `CPU-seconds per issued certificate, all processes summed (${n}; floor = ${where}; ratio: median of the pairs'${byPair(main, (p) => p.ours.cpuPerCertificateS / floorOf(p))})`,
      '<= 1.3 x floor',
      cc,
      fc,
      oc,
      ratio,
      Number.isFinite(ratio) ? ratio <= 1.3 : undefined,
      ' s',
      3,
    );
    // the floor with the platform commands of the design (timers, upserts, the PDF's activity) added:
    // the commands ceiling (the ceiling and the commands' cost) plus the effects
    if (withCommands.length && Number.isFinite(fc)) {
      line(
        `CPU-seconds per issued certificate against the floor with the design's platform commands (floor + the commands ceiling less the ceiling: ${cell(1000 * commandsCost, ' ms', 1)} a certificate, median of ${withCommands.length}; ratio: median of the pairs'${byPair(withCommands, (p) => p.ours.cpuPerCertificateS / commandsFloorOf(p))})`,
        '—',
        med(withCommands, (p) => p.commands.cpuPerCertificateS),
        med(withCommands, commandsFloorOf),
        oc,
        med(withCommands, (p) => p.ours.cpuPerCertificateS / commandsFloorOf(p)),
        undefined,
        ' s',
        3,
      );
      // the commands ceiling stands for ours only while it makes the same commands a certificate
      const counts = (c) => `${c.timers.toFixed(1)} / ${c.searchAttributeUpserts.toFixed(1)} / ${c.activityTasks.toFixed(1)}`;
      const cmdC = counts(withCommands[0].commands.perCertificate);
      const cmdO = counts(withCommands[0].ours.perCertificate);
      rows.push(
        `| the design's platform commands per certificate, timers / search-attribute upserts / activity tasks (the commands ceiling's must be ours') | the same | ${cmdC} | | ${cmdO} | | ${cmdC === cmdO ? '**the same**' : '**differ: the floor with commands does not stand for ours**'} |`,
      );
    }
    line(
      'Postgres transactions per certificate (app database; an autocommit statement is one)',
      '—',
      undefined,
      perPair ? med(main, (p) => runOf(p).pgTransactionsPerCertificate) : floor?.pgTransactionsPerCertificate,
      med(main, (p) => p.ours.pgTransactionsPerCertificate),
      NaN,
      undefined,
      '',
      1,
    );
    const ct = med(main, (p) => p.ceiling.cpuPerTaskMs);
    const ot = med(main, (p) => p.ours.cpuPerTaskMs);
    line('worker CPU per workflow task', '—', ct, undefined, ot, ot / ct, undefined, ' ms');
    const ce = med(main, (p) => p.ceiling.perCertificate.events);
    const oe = med(main, (p) => p.ours.perCertificate.events);
    line('history events per certificate', '—', ce, undefined, oe, oe / ce, undefined);
    const cw = med(main, (p) => p.ceiling.perCertificate.workflowTasks);
    const ow = med(main, (p) => p.ours.perCertificate.workflowTasks);
    line('workflow tasks per certificate', '—', cw, undefined, ow, ow / cw, undefined);
    const cp = med(main, (p) => p.ceiling.perCertificate.payloadKiB);
    const op = med(main, (p) => p.ours.perCertificate.payloadKiB);
    line('payload in history per certificate', '<= 2 x ceiling', cp, undefined, op, op / cp, op / cp <= 2, ' KiB');
    line(
      'mails per certificate',
      '—',
      undefined,
      floor?.mailsPerCertificate,
      med(main, (p) => p.ours.mails / p.ours.completed),
      NaN,
      undefined,
      '',
      1,
    );
  }
  for (const [lanes, ps] of [...byLanes].sort((a, b) => a[0] - b[0])) {
    // a refused call (e.g. 503 APPROVAL_SERVICE_BUSY past the API's Update deadline) is a user's failed
    // sign: the per-certificate figures of a run with errors count its completed certificates only
    const errs = (side) => ps.map((p) => `${p[side].errors.length} of ${p[side].completed + p[side].errors.length}`).join(', ');
    rows.push(
      `| certificates failed at ${lanes} callers (a call refused or timed out), per pair | 0 | ${errs('ceiling')} | | ${errs('ours')} | | ${verdict(ps.every((p) => !p.ours.errors.length))} |`,
    );
    for (const q of ['p50', 'p95']) {
      const c = med(ps, (p) => p.ceiling.signMs[q]);
      const o = med(ps, (p) => p.ours.signMs[q]);
      line(
        `sign call ${q} at ${lanes} callers (ceiling: sign Update; ours: the HTTP sign call, refused ones at their answer)`,
        '<= 1.5 x ceiling',
        c,
        undefined,
        o,
        o / c,
        o / c <= 1.5,
        ' ms',
        0,
      );
    }
  }
  for (const x of inflight) {
    line(
      `sign -> read model visible p95, ${x.n} in flight (ceiling: sign Update p95)`,
      '—',
      x.ceiling?.visibleMs.p95,
      undefined,
      x.ours?.visibleMs.p95,
      x.ours?.visibleMs.p95 / x.ceiling?.visibleMs.p95,
      undefined,
      ' ms',
      0,
    );
    const cm = x.ceiling?.perCachedWorkflow / 1048576;
    const om = x.ours?.perCachedWorkflow / 1048576;
    line(
      `memory per cached workflow (RSS above idle, after a GC in every thread, median of 5), ${x.n} open`,
      '<= 1.5 x ceiling',
      cm,
      undefined,
      om,
      om / cm,
      // no verdict when the ceiling's memory did not grow (a short run: RSS can fall between readings)
      cm > 0 ? om / cm <= 1.5 : undefined,
      ' MB',
      2,
    );
    const cb = x.ceiling?.perCachedWorkflowMainGcOnly / 1048576;
    const ob = x.ours?.perCachedWorkflowMainGcOnly / 1048576;
    if (Number.isFinite(cb) && Number.isFinite(ob))
      line(
        `memory per cached workflow read as before (after the main thread's GC only, one reading), ${x.n} open`,
        '—',
        cb,
        undefined,
        ob,
        ob / cb,
        undefined,
        ' MB',
        2,
      );
  }
  if (floor) {
    // one column a pair that measured the floor (else the run's one floor beside the pairs' median ceiling)
    const cols = perPair ? main.filter((p) => p.floor) : [null];
    const head = perPair ? cols.map((_, i) => `pair ${i + 1}`) : ['CPU per certificate'];
    const ms1 = (x) => cell(1000 * x, ' ms');
    const at = (f) => cols.map((p) => f(p)).join(' | ');
    rows.push('', 'The floor, each effect alone (CPU of the effects process tree, its Chromium included, and of Postgres):', '');
    rows.push(`| effect | count | wall | ${head.join(' | ')} |`, `|---|---:|---:|${head.map(() => '---:').join('|')}|`);
    runOf(cols[0]).kinds.forEach((k, i) => {
      const kindOf = (p) => runOf(p).kinds[i];
      rows.push(
        `| ${k.label} | ${k.count} | ${cols.map((p) => `${(kindOf(p).wallMs / 1000).toFixed(1)} s`).join(' / ')} | ${at((p) => ms1(kindOf(p).perCertificate))} |`,
      );
    });
    const ceilingOf = (p) => (p ? p.ceiling.cpuPerCertificateS : main.length ? med(main, (q) => q.ceiling.cpuPerCertificateS) : NaN);
    const costOf = (p) => (p ? p.commands.cpuPerCertificateS - p.ceiling.cpuPerCertificateS : commandsCost);
    rows.push(`| the platform (the ceiling: dev server, SDK worker, caller) | | | ${at((p) => ms1(ceilingOf(p)))} |`);
    rows.push(`| **floor** | | | ${at((p) => `**${ms1(ceilingOf(p) + effectsOf(p))}**`)} |`);
    if (withCommands.length && cols.every((p) => !p || p.commands)) {
      rows.push(
        `| the design's platform commands (3 timers, 6 search-attribute upserts, the PDF's activity, a start with search attributes: the commands ceiling less the ceiling) | | | ${at((p) => ms1(costOf(p)))} |`,
      );
      rows.push(`| **floor with the design's platform commands** | | | ${at((p) => `**${ms1(ceilingOf(p) + effectsOf(p) + costOf(p))}**`)} |`);
    }
    if (perPair) rows.push(`| ours | | | ${at((p) => ms1(p.ours.cpuPerCertificateS))} |`);
  }
  return ['### Ours beside the ceiling and the floor of this run (issue 29)', '', ...rows, ''].join('\n');
}
