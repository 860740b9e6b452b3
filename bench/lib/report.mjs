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
    `| sign call (verify + sign Update) p50 / p95 / p99 | ${pct(r.signMs)} |`,
    `| last sign (completion + PDF) p50 / p95 / p99 | ${pct(r.lastSignMs)} |`,
    `| requestOtp Update (code mailed) p50 / p95 / p99 | ${pct(r.otpMs)} |`,
    `| mails sent over SMTP | ${r.mails} |`,
    `| errors | ${r.errors.length}${r.errors.length ? `: ${[...new Set(r.errors)].slice(0, 3).join('; ')}` : ''} |`,
    ...costRows(r),
    '',
    'CPU while measured:',
    '',
    cpu,
    '',
  ].join('\n');
}

export function inflightSection(r, v, cpu) {
  const mem = (x) =>
    `RSS ${mb(x.mem.rss)}, heap used ${mb(x.mem.heapUsed)} (total ${mb(x.mem.heapTotal)}), external ${mb(x.mem.external)}; ${x.cachedWorkflows} cached workflows`;
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
    `| requestOtp Update p50 / p95 / p99 | ${pct(r.otpMs)} |`,
    `| reads that did not yet see the signature | ${r.extraReads} |`,
    `| server timeouts / other errors | ${r.timeouts} / ${r.errors.length - r.timeouts}${r.errors.length ? `: ${[...new Set(r.errors)].slice(0, 3).join('; ')}` : ''} |`,
    `| worker memory, idle | ${mem(r.memory.idle)} |`,
    `| worker memory, ${r.opened} open | ${mem(r.memory.open)} |`,
    `| worker memory, after the signing | ${mem(r.memory.after)} |`,
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

export function pdfSection(r) {
  return [
    '### (d) Certificate PDF with a warm browser',
    '',
    `The completion activity's HTML (${(r.htmlBytes / 1024).toFixed(0)} KiB, QR code inline) rendered by ChromiumPdfRenderer (as shipped now: idle pages kept and reused, request blocking set once per page).`,
    '',
    '| figure | p50 / p95 / p99 |',
    '|---|---|',
    `| first render (browser launch) | ${ms(r.coldMs)} |`,
    `| **warm, one at a time** (target p95 <= 50 ms) | **${pct(r.sequential)}** ${verdict(r.sequential.p95 <= 50)} |`,
    `| warm, two at a time | ${pct(r.twoAtATime)} |`,
    `| comparison: one reused page (not the adapter's code) | ${pct(r.reusedPage)} |`,
    '',
  ].join('\n');
}

export function listSection(r, loadText) {
  const lines = [
    `### (e) The certificate list API over ${r.rows.toLocaleString('en')} certificates, ${r.connections} connections (autocannon)`,
    '',
    `GET /api/company/approvals (20 per page, keyset cursors only) on the server as \`npm start\` runs it (startServer, WORKER_IN_PROCESS=false, NODE_ENV=production) in its own process, signed in as a manager (session cookie: session + user + group lookups per request); one company holding all ${r.rows.toLocaleString('en')} rows (seeded by one INSERT ... SELECT in ${r.seedSeconds.toFixed(1)} s; states from the domain machine: 50 % done, 10 % drafts, the rest at every signing step, 2 % of unfinished overdue). Autocannon in the bench process; ${r.durationS} s per figure after a 3 s warm-up. Walking the whole list (limit 100, following nextCursor): ${r.walk.pages} pages in ${(r.walk.ms / 1000).toFixed(1)} s, every certificate exactly once.`,
    '',
    loadText,
    '',
    '| pages | req/s | p50 / p97.5 / p99 / max | non-2xx / errors | bytes per answer |',
    '|---|---:|---|---|---:|',
  ];
  for (const x of r.runs) {
    const ok = x.rps >= 3000 && x.p99 <= 30;
    lines.push(
      `| ${x.name} | **${x.rps.toFixed(0)}** | ${x.p50} / ${x.p97_5} / **${x.p99}** / ${x.max} ms | ${x.non2xx} / ${x.errors} | ${x.bytesPerReq.toFixed(0)} |`,
    );
    x.verdict = ok;
  }
  lines.push('', `Targets >= 3,000 req/s and p99 <= 30 ms: ${r.runs.map((x) => `${x.name} ${verdict(x.verdict)}`).join('; ')}.`, '');
  for (const x of r.runs) lines.push(`CPU during "${x.name}" (load after: ${x.load.map((v) => v.toFixed(2)).join(' ')}):`, '', x.cpuTable, '');
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
  ];
}

/** A throughput run of the ceiling (bench/ceiling/ceiling-workflow.cjs). */
export function ceilingThroughputSection(r, bundleBytes) {
  return [
    `### (a) Ceiling: the same shape with empty handlers (bench/ceiling/ceiling-workflow.cjs)`,
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
    `| errors | ${r.errors.length}${r.errors.length ? `: ${[...new Set(r.errors)].slice(0, 3).join('; ')}` : ''} |`,
    ...costRows(r),
    '',
  ].join('\n');
}

/** A run of the ceiling with many workflows open (sign latency, memory per cached workflow). */
export function ceilingInflightSection(r) {
  const mem = (x) => `RSS ${mb(x.mem.rss)}; ${x.cachedWorkflows} cached workflows`;
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
    `| errors | ${r.errors.length}${r.errors.length ? `: ${[...new Set(r.errors)].slice(0, 3).join('; ')}` : ''} |`,
    `| worker memory, idle / open / after | ${mem(r.memory.idle)} / ${mem(r.memory.open)} / ${mem(r.memory.after)} |`,
    `| **RSS above idle per cached workflow** | **${(r.perCachedWorkflow / 1048576).toFixed(2)} MB** |`,
    '',
  ].join('\n');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/**
 * Ours beside the ceiling of the same run, with the issue's goals: `pairs` of throughput results
 * ({ ceiling, ours }), `inflight` results by count ({ n, ceiling, ours }).
 */
export function ratioSection({ pairs, inflight }) {
  const rows = ['| figure | goal | ceiling | ours | ours / ceiling | verdict |', '|---|---|---:|---:|---:|---|'];
  const line = (name, goal, c, o, ratio, ok, unit = '') =>
    rows.push(`| ${name} | ${goal} | ${f1(c)}${unit} | ${f1(o)}${unit} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'} | ${verdict(ok)} |`);
  if (pairs.length) {
    const c = median(pairs.map((p) => p.ceiling.perMinute));
    const o = median(pairs.map((p) => p.ours.perMinute));
    line(`certificates / min, 3 x 2-of-3 (median of ${pairs.length} pair${pairs.length > 1 ? 's' : ''})`, '>= 0.70 x ceiling', c, o, o / c, o / c >= 0.7);
    const cc = median(pairs.map((p) => p.ceiling.cpuPerTaskMs));
    const oc = median(pairs.map((p) => p.ours.cpuPerTaskMs));
    line('worker CPU per workflow task', '<= 2 x ceiling', cc, oc, oc / cc, oc / cc <= 2, ' ms');
    const ce = median(pairs.map((p) => p.ceiling.perCertificate.events));
    const oe = median(pairs.map((p) => p.ours.perCertificate.events));
    line('history events per certificate', '—', ce, oe, oe / ce, undefined);
    const cw = median(pairs.map((p) => p.ceiling.perCertificate.workflowTasks));
    const ow = median(pairs.map((p) => p.ours.perCertificate.workflowTasks));
    line('workflow tasks per certificate', '—', cw, ow, ow / cw, undefined);
  }
  for (const x of inflight) {
    const goal = x.n >= 1000 ? 100 : 75;
    line(
      `sign -> read model visible p95, ${x.n} in flight (ceiling: sign Update p95)`,
      `<= ${goal} ms`,
      x.ceiling?.visibleMs.p95,
      x.ours?.visibleMs.p95,
      x.ours?.visibleMs.p95 / x.ceiling?.visibleMs.p95,
      x.ours?.visibleMs.p95 <= goal,
      ' ms',
    );
    const cm = x.ceiling?.perCachedWorkflow / 1048576;
    const om = x.ours?.perCachedWorkflow / 1048576;
    rows.push(
      `| memory per cached workflow (RSS above idle), ${x.n} open | <= 0.2 MB | ${cm?.toFixed(2)} MB | ${om?.toFixed(2)} MB | ${(om / cm).toFixed(1)} | ${verdict(om <= 0.2)} |`,
    );
  }
  return ['### Ours beside the ceiling of this run', '', ...rows, ''].join('\n');
}
