// (a) Certificates per minute through 3 levels with 2-of-3 signatures each: `lanes` callers, each
// submitting a certificate and walking it to done (6 x code request -> verify -> sign), until the time
// budget is spent; certificates in progress then finish and count. Bounded by time and by count.
// `sys.driver` says how a certificate is driven: ours (bench/lib/certificates.mjs) or the ceiling's
// (bench/lib/ceiling.mjs). Beside the rate: the worker's CPU per workflow task over the measured
// certificates, and what their histories recorded per certificate.
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { benchDraft, CHAIN } from './lib/certificates.mjs';
import { percentiles } from './lib/measure.mjs';
import { historyCosts, perTask, processCpuSeconds, threadCpuSeconds } from './lib/task-costs.mjs';
import { treeCpuWindow } from './lib/tree-cpu.mjs';

/**
 * `cpuRoots` ({ label: pid or [pids] }): the processes whose whole trees (children included, see
 * bench/lib/tree-cpu.mjs) count for "CPU-seconds per issued certificate, all processes summed";
 * `selfAs` names this process's own CPU (not its children) when it plays a part of the system (the
 * ceiling's caller), so it is counted under that label. `pgStatements`: the app database's statements by
 * calls per certificate (needs Postgres started with pg_stat_statements: `npm run bench -- --pg-statements`).
 */
/** Committed transactions of the system's app database so far (NaN without one: the ceiling). */
async function pgTransactions(sys) {
  if (!sys.knex || sys.topology !== 'postgres') return NaN;
  const r = await sys.knex.raw('select xact_commit from pg_stat_database where datname = current_database()');
  return Number(r.rows[0].xact_commit);
}

/**
 * The app database's statements per certificate (pg_stat_statements, --pg-statements; Postgres started with
 * track_planning and track=all): the top ones by execution + planning time, with how often each was planned.
 * The totals count top-level statements only (a nested one's time is in its caller's).
 */
async function topStatements(sys, certificates, top = 25) {
  const db = 'dbid = (select oid from pg_database where datname = current_database())';
  const r = await sys.knex.raw(
    `select calls, plans, total_exec_time, total_plan_time, toplevel, regexp_replace(query, '\\s+', ' ', 'g') as query from pg_stat_statements
      where ${db} order by total_exec_time + total_plan_time desc limit ${top}`,
  );
  const all = await sys.knex.raw(
    `select sum(calls)::float as calls, sum(plans)::float as plans, sum(total_exec_time)::float as ms, sum(total_plan_time)::float as plan_ms
       from pg_stat_statements where ${db} and toplevel`,
  );
  return {
    callsPerCertificate: all.rows[0].calls / certificates,
    execMsPerCertificate: all.rows[0].ms / certificates,
    plansPerCertificate: all.rows[0].plans / certificates,
    planMsPerCertificate: all.rows[0].plan_ms / certificates,
    rows: r.rows.map((x) => ({
      perCertificate: Number(x.calls) / certificates,
      plansPerCertificate: Number(x.plans) / certificates,
      execMs: Number(x.total_exec_time) / Number(x.calls),
      msPerCertificate: (Number(x.total_exec_time) + Number(x.total_plan_time)) / certificates,
      planMsPerCertificate: Number(x.total_plan_time) / certificates,
      toplevel: x.toplevel,
      query: x.query.slice(0, 160),
    })),
  };
}

export async function throughput(sys, { durationMs = 120_000, lanes = 40, maxCerts = 3000, warmup = 2, cpuRoots = {}, selfAs, pgStatements = false } = {}) {
  const { driver } = sys;
  // Every sign call of the measured certificates as it is answered, those of certificates that later fail
  // too, and a refused one at the time its error came back (a driver marks it with `signMs`).
  let measuring = false;
  const signCalls = [];
  const refusedSignCalls = [];
  const one = async () => {
    const d = driver.makeDraft?.(sys) ?? benchDraft('tp');
    const t0 = performance.now();
    const h = await driver.submit(sys, d);
    let last;
    const signs = [];
    for (const who of CHAIN) {
      let r;
      try {
        r = await driver.signOnce(sys, h, d, who);
      } catch (e) {
        if (measuring && Number.isFinite(e.signMs)) refusedSignCalls.push(e.signMs);
        throw e;
      }
      if (measuring) signCalls.push(r.signMs);
      signs.push(r);
      last = r.state;
    }
    // the certificate counts once issued: its PDF follows the last sign's answer
    if (driver.issued) last = await driver.issued(sys, d);
    if (!driver.finished(last)) throw new Error(`certificate ${d.id} ended ${last.status}${last.pdfKey ? '' : ' without a PDF'}`);
    return { id: d.id, handle: h, ms: performance.now() - t0, signs };
  };
  // Warm-up (not counted): Chromium's first launch, JIT, the workflow bundle's first load.
  await Promise.all(Array.from({ length: warmup }, one));

  if (pgStatements) await sys.knex.raw('create extension if not exists pg_stat_statements').then(() => sys.knex.raw('select pg_stat_statements_reset()'));
  const xacts = () => pgTransactions(sys);
  const xacts0 = await xacts();
  const tree = treeCpuWindow(cpuRoots);
  const self0 = process.cpuUsage();
  const mails0 = sys.mailbox.count;
  const cpu0 = processCpuSeconds(sys.workerPid);
  const threads0 = threadCpuSeconds(sys.workerPid);
  measuring = true;
  // BENCH_WINDOW_MARKS=1: the measured window in CLOCK_MONOTONIC ns, to cut a `perf record -k CLOCK_MONOTONIC` of a process to it
  if (process.env.BENCH_WINDOW_MARKS) console.log(`bench-window ${driver.kind} start ${process.hrtime.bigint()}`);
  const started = performance.now();
  const deadline = started + durationMs;
  let begun = 0;
  const done = [];
  const errors = [];
  const lane = async () => {
    while (performance.now() < deadline && begun < maxCerts) {
      begun++;
      try {
        done.push(await one());
      } catch (e) {
        errors.push(e.message);
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (process.env.BENCH_WINDOW_MARKS) console.log(`bench-window ${driver.kind} end ${process.hrtime.bigint()} certificates ${done.length}`);
  const wallMs = performance.now() - started;
  const perProcess = tree.stop().seconds;
  if (selfAs) {
    const u = process.cpuUsage(self0);
    perProcess[selfAs] = (u.user + u.system) / 1e6;
  }
  const allCpuSeconds = Object.values(perProcess).reduce((a, b) => a + b, 0);
  const cpuSeconds = processCpuSeconds(sys.workerPid) - cpu0;
  const threads1 = threadCpuSeconds(sys.workerPid);
  const threads = Object.fromEntries(Object.entries(threads1).map(([k, v]) => [k, v - (threads0[k] ?? 0)]));
  const costs = await historyCosts(done.map((x) => x.handle));
  // A backend's counters reach pg_stat_database when it has been idle PGSTAT_IDLE_INTERVAL (10 s, PG 15)
  if (sys.topology === 'postgres') await new Promise((r) => setTimeout(r, 11_000));
  const pgTx = (await xacts()) - xacts0;
  const statements = pgStatements ? await topStatements(sys, done.length + errors.length, 45) : undefined;
  const signs = done.flatMap((x) => x.signs);
  return {
    kind: driver.kind,
    lanes,
    wallMs,
    completed: done.length,
    errors,
    perMinute: done.length / (wallMs / 60_000),
    certMs: percentiles(done.map((x) => x.ms)),
    /** every sign call answered in the measured window, refused ones at the time of their error */
    signMs: percentiles([...signCalls, ...refusedSignCalls]),
    refusedSignCalls: refusedSignCalls.length,
    refusedSignMs: percentiles(refusedSignCalls),
    lastSignMs: percentiles(done.map((x) => x.signs[x.signs.length - 1].signMs)),
    otpMs: percentiles(signs.map((s) => s.otpMs)),
    readModelDone: await driver.countDone(
      sys,
      done.map((x) => x.id),
    ),
    /** mails the SMTP sink took over the measured certificates (not the warm-up's) */
    mails: sys.mailbox.count - mails0,
    workerCpuSeconds: cpuSeconds,
    /** CPU s of each process tree over the measured certificates, and their sum per completed certificate. */
    cpuByProcess: perProcess,
    cpuPerCertificateS: allCpuSeconds / done.length,
    /** Postgres transactions committed in the app database over the measured certificates (each autocommit statement is one), per certificate */
    pgTransactionsPerCertificate: pgTx / (done.length + errors.length),
    pgStatements: statements,
    workerThreads: threads,
    costs,
    ...perTask(costs, cpuSeconds),
  };
}
