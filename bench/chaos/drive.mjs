// Drives one certificate through 3 levels of 2-of-3 signatures while the worker and the Temporal dev
// server may vanish at any moment. Every step is retried until it lands; a retried sign reuses its
// Update id, so Temporal answers a repeat with the first outcome instead of signing twice, and a
// signature that landed before the answer was lost is recognised from the workflow's state.
import console from 'node:console';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { HARNESS_COMPANY_ID, harnessWorkflowId } = require('@grain/worker/dist/certificate-test-harness.js');
const { certificateWorkflow, signUpdate, stateQuery, appErrorCodeOf } = require('@grain/workflows');
const { assertAccepted, certificateMailContext, currentLevel } = require('@grain/domain');
const { mailSigningCode } = require('@grain/adapters');

export const CHAIN = [
  ['a1', 1],
  ['a2', 1],
  ['b1', 2],
  ['b2', 2],
  ['c1', 3],
  ['c2', 3],
];

let seq = 0;
/** A 3-level, 2-of-3 certificate whose signers are its own (codes in the mailbox never mix). */
export function chaosDraft() {
  const id = `chaos${Date.now().toString(36)}${(seq++).toString(36)}`;
  const signer = (s) => ({ id: `${id}-${s}`, name: `Signer ${s}`, email: `${id}-${s}@chaos.test`, role: 'Inspector' });
  const due = (n) => new Date(Date.now() + 7 * 86_400_000 + n * 1000).toISOString();
  const level = (group, p, n) => ({ group, signers: [1, 2, 3].map((i) => signer(`${p}${i}`)), signatures: 2, deadline: due(n) });
  return {
    id,
    approvalNumber: `CHAOS-${id}`,
    approvalName: `Barley lot ${id}`,
    companyId: HARNESS_COMPANY_ID, // the company the test database is seeded with: the issuer whose seal seals the PDF
    submitter: { id: 'chaos-sub', name: 'Chaos Submitter', email: 'sub@chaos.test' },
    approvalDoc: {
      id: '00000000-0000-4000-8000-00000000f001',
      name: 'Farm record 1',
      docType: 'certificate',
      farm: { storageLocation: 'Geelong silo 4', protein: 11.2, membershipNumber: 'Member ID 77' },
    },
    levels: [level('Farm Data Signing', 'a', 0), level('Transportation Signing', 'b', 1), level('Inspection Signing', 'c', 2)],
    escalateTo: [{ id: 'chaos-mgr', name: 'Chaos Manager', email: 'mgr@chaos.test' }],
  };
}

/** Retries `fn` until it resolves; `refused(code)` may end the retries early with a value. */
async function persist(what, fn, stats, refused = () => undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      const code = appErrorCodeOf(e) ?? (e.name === 'AppError' ? e.code : undefined);
      const settled = code ? await refused(code) : undefined;
      if (settled !== undefined) return settled;
      stats.retries++;
      if (attempt % 50 === 0) console.error(`chaos: ${what} still failing after ${attempt} tries: ${code ?? e.message}`);
      await sleep(Math.min(200 * attempt, 2000));
    }
  }
}

const signedAt = (state, level, userId) => state.levels[level - 1]?.signed.some((e) => e.userId === userId);

/**
 * Submits and signs one certificate to the end. `sys`: { client, otps, codeMail, mailbox, taskQueue }.
 * `onSigned()` is called after each signature the workflow confirmed.
 */
export async function driveCertificate(sys, draft, stats, onSigned) {
  const wfId = harnessWorkflowId(draft);
  await persist(
    `start ${draft.id}`,
    () =>
      sys.client.workflow
        .start(certificateWorkflow, {
          workflowId: wfId,
          taskQueue: sys.taskQueue,
          args: [{ certificate: draft, submittedBy: { id: draft.submitter.id, name: draft.submitter.name } }],
        })
        .catch((e) => {
          if (e.name === 'WorkflowExecutionAlreadyStartedError') return undefined; // the first start landed
          throw e;
        }),
    stats,
  );
  const handle = sys.client.workflow.getHandle(wfId);
  /** Signatures the workflow confirmed (sign Update answered, or the state showed them). */
  const confirmed = [];
  const state = () => persist(`query ${draft.id}`, () => handle.query(stateQuery), stats);
  for (const [who, level] of CHAIN) {
    const userId = `${draft.id}-${who}`;
    const actor = { id: userId, name: `Signer ${who}` };
    for (;;) {
      if (signedAt(await state(), level, userId)) {
        confirmed.push([level, userId]);
        break;
      }
      // A code, as the API's request-code command makes it (here checked on the workflow's state): a
      // retry after a lost answer mails another code, which supersedes the first.
      const asked = await persist(
        `otp ${userId}`,
        async () => {
          const s = await handle.query(stateQuery);
          assertAccepted(s, { type: 'sign', actor, at: new Date().toISOString() });
          const l = currentLevel(s);
          const me = l.signers.find((x) => x.id === userId);
          return mailSigningCode(
            { otps: sys.otps, mail: sys.codeMail, publicUrl: 'http://localhost:3000' },
            { binding: { certificateId: s.id, level: l.level, userId, contentHash: s.contentHash }, user: me, ctx: certificateMailContext(s, l.level) },
          );
        },
        stats,
        async (code) => {
          if (code === 'ALREADY_SIGNED') return null;
          if (code === 'NOT_A_SIGNER') {
            // The level this signer belongs to is not current: a signature the workflow confirmed
            // earlier must be missing from its state. That is the defect this run exists to find.
            const s = await state();
            const lost = confirmed.filter(([l, u]) => !signedAt(s, l, u));
            if (lost.length) {
              const err = new Error(
                `workflow ${wfId} lost confirmed signature(s) ${lost.map(([l, u]) => `L${l}:${u.slice(-2)}`).join(', ')}; now at stage ${s.stage}, signed ${JSON.stringify(s.levels.map((l) => l.signed.map((e) => e.userId.slice(-2))))}`,
              );
              err.lostSignatures = lost;
              throw err;
            }
          }
          return undefined;
        },
      );
      if (asked === null) {
        confirmed.push([level, userId]);
        break;
      }
      const code = await waitForCode(sys.mailbox, draft.submitter && `${userId}@chaos.test`);
      if (!code) continue;
      let otpId;
      try {
        ({ otpId } = await sys.otps.verify({ certificateId: draft.id, level, userId }, code));
      } catch {
        stats.retries++;
        continue; // superseded or expired while the system was down: ask again
      }
      const signed = await persist(
        `sign ${userId}`,
        () => handle.executeUpdate(signUpdate, { args: [{ actor, otpId, note: 'chaos' }], updateId: `${userId}-sign-${otpId}` }),
        stats,
        async (c) => (c === 'ALREADY_SIGNED' || signedAt(await state(), level, userId) ? true : c === 'OTP_INVALID' || c === 'OTP_EXPIRED' ? false : undefined),
      );
      if (signed === false) continue;
      stats.signatures++;
      confirmed.push([level, userId]);
      onSigned?.();
      break;
    }
  }
}

async function waitForCode(mailbox, email) {
  for (let i = 0; i < 300; i++) {
    const c = mailbox.take(email);
    if (c) return c;
    await sleep(100);
  }
  return undefined;
}
