// (a) Certificates per minute through 3 levels with 2-of-3 signatures each: `lanes` callers, each
// submitting a certificate and walking it to done (6 x requestOtp -> verify -> sign), until the time
// budget is spent; certificates in progress then finish and count. Bounded by time and by count.
import { performance } from 'node:perf_hooks';
import { benchDraft, CHAIN, signOnce, submit } from './lib/certificates.mjs';
import { percentiles } from './lib/measure.mjs';

export async function throughput(sys, { durationMs = 120_000, lanes = 40, maxCerts = 3000, warmup = 2 } = {}) {
  const one = async () => {
    const d = benchDraft('tp');
    const t0 = performance.now();
    const h = await submit(sys, d);
    let last;
    const signs = [];
    for (const who of CHAIN) {
      const r = await signOnce(sys, h, d, who);
      signs.push(r);
      last = r.state;
    }
    if (last.status !== 'done' || !last.pdfKey) throw new Error(`certificate ${d.id} ended ${last.status} without a PDF`);
    return { id: d.id, ms: performance.now() - t0, signs };
  };
  // Warm-up (not counted): Chromium's first launch, JIT, the workflow bundle's first load.
  await Promise.all(Array.from({ length: warmup }, one));

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
  const wallMs = performance.now() - started;
  const ids = done.map((x) => x.id);
  const inReadModel = ids.length ? Number((await sys.knex('certificates').whereIn('id', ids).where({ status: 'done' }).count({ n: '*' }))[0].n) : 0;
  const signs = done.flatMap((x) => x.signs);
  return {
    lanes,
    wallMs,
    completed: done.length,
    errors,
    perMinute: done.length / (wallMs / 60_000),
    certMs: percentiles(done.map((x) => x.ms)),
    signMs: percentiles(signs.map((s) => s.signMs)),
    lastSignMs: percentiles(done.map((x) => x.signs[x.signs.length - 1].signMs)),
    otpMs: percentiles(signs.map((s) => s.otpMs)),
    readModelDone: inReadModel,
    mails: sys.mailbox.count,
  };
}
