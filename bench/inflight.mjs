// (b) + (c) Many certificates in flight: open `inFlight` certificates (each waiting on its signers
// and its timers), check every one reached the read model with no server timeout, then make `signs`
// signature calls across them with `concurrency` callers and time sign -> read model visible. The
// worker's memory is read before opening, with all of them cached, and after the signing (after a GC in
// every thread, median of 5 readings: bench/lib/settled-memory.cjs). `sys.driver`
// drives ours or the ceiling (bench/lib/ceiling.mjs); the ceiling has no read model, so its "visible" is
// the sign Update's answer. "Idle" memory is read after one certificate went through (see below).
import { setTimeout } from 'node:timers';
import { performance } from 'node:perf_hooks';
import { benchDraft, CHAIN, pool } from './lib/certificates.mjs';
import { percentiles } from './lib/measure.mjs';
import { signProfile } from './lib/sign-profile.mjs';

export async function inflight(sys, { inFlight = 200, signs = 600, concurrency = 8, openConcurrency = 16, budgetMs = 150_000 } = {}) {
  const { driver } = sys;
  const until = performance.now() + budgetMs;
  // One certificate walked to the end first, so "idle" is a worker that has loaded what a certificate
  // uses (its modules, Chromium for the PDF, pools): the RSS above it is the open workflows', not start-up's.
  const w = driver.makeDraft?.(sys) ?? benchDraft('if');
  const wh = await driver.submit(sys, w); // ours: answers once the read model shows it signing
  for (const who of CHAIN) await driver.signOnce(sys, wh, w, who);
  await wh.result();
  const memIdle = await sys.memory({ settled: true });
  const certs = Array.from({ length: inFlight }, () => ({ draft: driver.makeDraft?.(sys) ?? benchDraft('if'), next: 0, busy: false }));
  const errors = [];
  const t0 = performance.now();
  await pool(
    certs,
    openConcurrency,
    async (c) => {
      try {
        c.handle = await driver.submit(sys, c.draft);
      } catch (e) {
        errors.push(`submit: ${e.message}`);
      }
    },
    () => performance.now() > until,
  );
  // Every opened certificate is in the read model once its first batch (ledger, mails, upsert) ran;
  // the ceiling's are open once the worker holds them all.
  const ids = certs.filter((c) => c.handle).map((c) => c.draft.id);
  let open = 0;
  for (;;) {
    open =
      driver.kind === 'ceiling'
        ? (await sys.memory()).cachedWorkflows
        : Number((await sys.knex('certificates').whereIn('id', ids).where({ status: 'signing' }).count({ n: '*' }))[0].n);
    if (open >= ids.length || performance.now() > until) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const openMs = performance.now() - t0;
  const memOpen = await sys.memory({ settled: true });

  const samples = [];
  let rr = 0;
  let made = 0;
  const t1 = performance.now();
  const lane = async () => {
    while (made < signs && performance.now() < until) {
      // Round-robin over the certificates, skipping one a caller is already signing.
      let c;
      for (let k = 0; k < certs.length && !c; k++) {
        const x = certs[rr++ % certs.length];
        if (x.handle && !x.busy && x.next < CHAIN.length) c = x;
      }
      if (!c) break;
      c.busy = true;
      made++;
      try {
        samples.push(await driver.signOnce(sys, c.handle, c.draft, CHAIN[c.next]));
        c.next++;
      } catch (e) {
        errors.push(`sign: ${e.message}`);
      } finally {
        c.busy = false;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const signWallMs = performance.now() - t1;
  const memAfter = await sys.memory({ settled: true });
  // Where a sign's time went, from the histories of certificates that were signed (server timestamps).
  const profile =
    driver.kind === 'ceiling'
      ? null
      : await signProfile(
          certs.filter((c) => c.next > 0).map((c) => c.handle),
          40,
        ).catch((e) => ({ error: e.message }));
  // RSS after a GC in every thread, median of 5 (bench/lib/settled-memory.cjs); beside it the reading of
  // before (after the main thread's GC only), which swung with the load
  const perCached = (m, reading = 'mem') => (m[reading].rss - memIdle[reading].rss) / Math.max(1, m.cachedWorkflows);
  return {
    kind: driver.kind,
    inFlight,
    opened: ids.length,
    openInReadModel: open,
    openMs,
    concurrency,
    signs: samples.length,
    signWallMs,
    signsPerSecond: samples.length / (signWallMs / 1000),
    visibleMs: percentiles(samples.map((s) => s.visibleMs)),
    signMs: percentiles(samples.map((s) => s.signMs)),
    otpMs: percentiles(samples.map((s) => s.otpMs)),
    extraReads: samples.reduce((n, s) => n + s.extraReads, 0),
    timeouts: errors.filter((e) => /timeout|deadline/i.test(e)).length,
    errors,
    memory: { idle: memIdle, open: memOpen, after: memAfter },
    /** RSS above idle per cached workflow, with all of them open (bytes). */
    perCachedWorkflow: perCached(memOpen),
    /** The same with the reading of before: RSS after the main thread's GC only, one reading. */
    perCachedWorkflowMainGcOnly: perCached(memOpen, 'mainGcOnly'),
    profile,
  };
}
