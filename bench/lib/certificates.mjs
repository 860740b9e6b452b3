// Driving certificates as the API does: start the workflow on submit; per signature ask for a code
// (the API's request-code command: the certificate from the read model, the machine's check, the
// throttle, the code made and mailed by SMTP), verify it (OtpStore.verify), send `sign` with the otpId
// and read the certificate back from the read model (what the API answers). Every certificate has its
// own signers, so codes in the mailbox never mix.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { certificateStartSearchAttributes, certificateWorkflow, signUpdate } = require('@grain/workflows');
const { assertAccepted, certificateMailContext, currentLevel } = require('@grain/domain');
const { mailSigningCode } = require('@grain/adapters');

/** Signers who complete a 3-level, 2-of-3 chain, in order. */
export const CHAIN = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'];
// The company id is a uuid, as the accounts tables make it (the live-events outbox is keyed by it).
// the company the bench databases are seeded with: the issuer whose seal seals each PDF
const { HARNESS_COMPANY_ID: BENCH_COMPANY, HARNESS_COMPANY_NAME, harnessWorkflowId } = require('@grain/worker/dist/certificate-test-harness.js');
const SUBMITTER = { id: 'bench-sub', name: 'Bench Submitter', email: 'sub@bench.test' };

let seq = 0;
export function benchDraft(prefix = 'b') {
  const id = `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
  const signer = (s) => ({ id: `${id}-${s}`, name: `Signer ${s}`, email: `${id}-${s}@bench.test`, role: 'Inspector' });
  const due = (n) => new Date(Date.now() + 7 * 86_400_000 + n * 1000).toISOString();
  const level = (group, p, n) => ({ group, signers: [1, 2, 3].map((i) => signer(`${p}${i}`)), signatures: 2, deadline: due(n) });
  return {
    id,
    approvalNumber: `BENCH-${id}`,
    approvalName: `Barley lot ${id}`,
    companyId: BENCH_COMPANY,
    submitter: SUBMITTER,
    approvalDoc: {
      id: '00000000-0000-4000-8000-00000000f001',
      name: 'Farm record 1',
      docType: 'certificate',
      farm: { storageLocation: 'Geelong silo 4', protein: 11.2, membershipNumber: 'Member ID 77' },
    },
    levels: [level('Farm Data Signing', 'a', 0), level('Transportation Signing', 'b', 1), level('Inspection Signing', 'c', 2)],
    escalateTo: [{ id: 'bench-mgr', name: 'Bench Manager', email: 'mgr@bench.test' }],
  };
}

/**
 * Starts the workflow as the API does (CertificateWorkflows.start: with the submitted certificate's search
 * attributes), then waits until the read model shows it signing, as the API's submit answers the row (a
 * sign read the read model at once and found nothing). Backing off 25 ms doubling to 200 ms: a handful of
 * primary-key reads a certificate, not counted apart.
 */
export async function submit(sys, draft) {
  const input = { certificate: draft, submittedBy: { id: draft.submitter.id, name: draft.submitter.name } };
  const handle = await sys.client.workflow.start(certificateWorkflow, {
    workflowId: harnessWorkflowId(draft),
    taskQueue: sys.taskQueue,
    args: [input],
    typedSearchAttributes: certificateStartSearchAttributes(input, HARNESS_COMPANY_NAME),
  });
  for (let waited = 0, step = 25; waited < 30_000; waited += step, step = Math.min(200, step * 2)) {
    if ((await sys.store.get(draft.companyId, draft.id))?.state.status === 'signing') return handle;
    await new Promise((r) => setTimeout(r, step));
  }
  throw new Error(`certificate ${draft.id} not in the read model 30 s after its start`);
}

/**
 * One signature as the API makes it. Times: otpMs (the code request: read model, checks, code made and
 * mailed), signMs (verify + sign Update: what the "Sign Now" call does before it answers), visibleMs
 * (from the start of that call until the read model, read once after the answer, shows the signature:
 * the workflow writes it before it answers).
 */
export async function signOnce(sys, handle, draft, who) {
  const userId = `${draft.id}-${who}`;
  const actor = { id: userId, name: `Signer ${who}` };
  const t0 = performance.now();
  const s = (await sys.store.get(draft.companyId, draft.id)).state;
  assertAccepted(s, { type: 'sign', actor, at: new Date().toISOString() });
  const l = currentLevel(s);
  const binding = { certificateId: s.id, level: l.level, userId, contentHash: s.contentHash };
  await sys.otps.assertMayRequest(binding);
  const signer = l.signers.find((x) => x.id === userId);
  const r = await mailSigningCode(
    { otps: sys.otps, mail: sys.codeMail, publicUrl: 'http://localhost:3000' },
    { binding, user: { id: signer.id, name: signer.name, email: signer.email }, ctx: certificateMailContext(s, l.level) },
  );
  const code = sys.mailbox.take(`${userId}@bench.test`);
  if (!code) throw new Error(`no code mailed to ${userId}`);
  const t1 = performance.now();
  const { otpId } = await sys.otps.verify({ certificateId: draft.id, level: r.level, userId }, code);
  const answer = await handle.executeUpdate(signUpdate, { args: [{ actor, otpId }] });
  const t2 = performance.now();
  const stored = await sys.store.get(draft.companyId, draft.id);
  const t3 = performance.now();
  if (!stored || stored.version < answer.version || !stored.state.levels[r.level - 1]?.signed.some((x) => x.userId === userId)) {
    // Kept for diagnosis: the workflow's history beside the error.
    const file = path.join(os.tmpdir(), `bench-failure-${draft.id}.json`);
    writeFileSync(file, JSON.stringify((await handle.fetchHistory()).events, null, 1));
    throw new Error(
      `signature of ${userId} not in the read model after the answer (update answered version ${answer.version}; row version ${stored?.version} ${stored?.state.status} stage ${stored?.state.stage})`,
    );
  }
  return { state: stored.state, otpMs: t1 - t0, signMs: t2 - t1, visibleMs: t3 - t1, extraReads: 0 };
}

/** Runs `fn` over `items` with at most `n` at a time; stops taking new items once `stop()` is true. */
export async function pool(items, n, fn, stop = () => false) {
  let i = 0;
  const lane = async () => {
    while (i < items.length && !stop()) {
      const item = items[i++];
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

/**
 * The certificate once its PDF is made: the last sign answers when the certificate is done, the PDF
 * follows (read from the read model, not timed as a sign). It waits on the row's status and PDF key, one
 * index lookup every 100 ms, and reads the whole state once at the end: the driver's own reads count in
 * ours' Postgres CPU, and reading the whole row each time had cost ~30 state reads a certificate at 40 callers.
 */
export async function awaitIssued(sys, draft, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // a named prepared statement: the driver's own polling is not the product's, and planning it each time
    // counted in ours' Postgres CPU (1-2 ms a certificate at 40 callers, pg_stat_statements)
    const [row] = (await sys.knex.raw('select status, pdf_key from certificates where id = ?', [draft.id]).options({ name: 'bench_await_issued' })).rows;
    if ((row?.status === 'done' && row.pdf_key) || Date.now() > until) return (await sys.store.get(draft.companyId, draft.id))?.state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How throughput and inflight drive a certificate (bench/lib/ceiling.mjs has the ceiling's). */
export const certificateDriver = {
  kind: 'certificate',
  submit,
  signOnce,
  async countDone(sys, ids) {
    return ids.length ? Number((await sys.knex('certificates').whereIn('id', ids).where({ status: 'done' }).count({ n: '*' }))[0].n) : 0;
  },
  issued: awaitIssued,
  finished: (state) => state.status === 'done' && !!state.pdfKey,
};
