/**
 * Histories recorded from the current workflow code replay on it (worker/src/histories/*.json). They
 * catch a change to the workflow's commands that would break a certificate in flight: its next replay
 * (a worker restart, a cache eviction) would fail with a nondeterminism error and the certificate stall.
 *
 * Before the first release such a change is allowed (docs/CONTRIBUTING.md, "Changing the workflow"):
 * re-record with `npm run histories:record` and commit the new files with the change. After the first
 * release a change to a running certificate's commands ships as a new Worker Deployment version.
 *
 * With RECORD_HISTORIES=1 this file drives the scenarios below on the real parts (dev server, worker,
 * database, SMTP, ledger, Chromium) and writes their histories instead of replaying the stored ones.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import {
  adjustLevelUpdate,
  cancelUpdate,
  delegateUpdate,
  editUpdate,
  rejectUpdate,
  remindUpdate,
  resubmitUpdate,
  signUpdate,
  type certificateWorkflow,
} from '@grain/workflows';
import { WORKFLOWS_MODULE } from './create-worker';
import { actorOf, chainDraft, eventually, requestCode, signer, signWithCode, startHarness, submit, SUBMITTER, type Harness } from './certificate-test-harness';

const DIR = path.join(__dirname, 'histories');
const RECORD = process.env.RECORD_HISTORIES === '1';
const History = temporal.api.history.v1.History;

type Handle = WorkflowHandle<typeof certificateWorkflow>;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const sub = actorOf(SUBMITTER.id);

/** The scenarios whose histories are kept: between them every Update, the timers, the PDF and both ends. */
const SCENARIOS: Record<string, (h: Harness) => Promise<Handle>> = {
  /** Signs, a rejection back to level 1, an edit and a resubmit (signatures voided), a delegation, completion and the PDF. */
  'certificate-chain': async (h) => {
    const d = chainDraft();
    const handle = await submit(h, d);
    for (const id of ['a1', 'a2', 'b1']) await signWithCode(h, handle, d.id, id);
    await handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('b2'), toLevel: 1, reason: 'moisture figure is wrong' }] });
    await handle.executeUpdate(editUpdate, { args: [{ actor: sub, changes: { approvalName: `${d.approvalName} (moisture corrected)` } }] });
    await handle.executeUpdate(resubmitUpdate, { args: [{ actor: sub }] });
    for (const id of ['a1', 'a3']) await signWithCode(h, handle, d.id, id);
    await handle.executeUpdate(delegateUpdate, { args: [{ actor: actorOf('b1'), to: [signer('d1')], note: 'away this week' }] });
    for (const id of ['d1', 'b2', 'c1', 'c2']) await signWithCode(h, handle, d.id, id);
    await handle.result();
    return handle;
  },
  /**
   * The bench's shape (bench/throughput.mjs): 3 levels of 2-of-3, six signs with a code and no note, nothing
   * else. `node bench/history-costs.mjs` sets its counts beside the empty-handler ceiling's.
   */
  'certificate-bench': async (h) => {
    const d = chainDraft();
    const handle = await submit(h, d);
    for (const id of ['a1', 'a2', 'b1', 'b2', 'c1', 'c2']) {
      const { code, level } = await requestCode(h, handle, id);
      const { otpId } = await h.otps.verify({ certificateId: d.id, level, userId: id }, code);
      await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(id), otpId }] });
    }
    await handle.result();
    return handle;
  },
  /** Reminders before the due time, the deadline with its escalation, overdue reminders, then signed through. */
  'certificate-timers': async (h) => {
    const d = chainDraft(
      {
        reminders: { offsetsMs: [2500], overdueRepeatMs: 2000 },
        levels: [{ group: 'Farm Data Signing', signers: ['a1', 'a2'].map(signer), signatures: 1, deadline: new Date(Date.now() + 4000).toISOString() }],
      },
      4000,
    );
    const handle = await submit(h, d);
    await eventually(
      () => h.mail.list({ to: 'a1@grain.test' }),
      (ms) => ms.filter((m) => /^Overdue:/.test(m.subject ?? '')).length >= 2,
      20_000,
    );
    await signWithCode(h, handle, d.id, 'a1');
    await handle.result();
    return handle;
  },
  /** A level's due time and signers changed in flight, a reminder and an escalation by hand, a code asked for, then withdrawn. */
  'certificate-withdrawn': async (h) => {
    const d = chainDraft();
    const handle = await submit(h, d);
    await signWithCode(h, handle, d.id, 'a1');
    await handle.executeUpdate(adjustLevelUpdate, {
      args: [{ actor: sub, level: 2, deadline: day(10), signers: ['b1', 'b2', 'e1'].map(signer) }],
    });
    await handle.executeUpdate(remindUpdate, { args: [{ actor: sub, to: 'signers' }] });
    await handle.executeUpdate(remindUpdate, { args: [{ actor: sub, to: 'escalation' }] });
    await requestCode(h, handle, 'a2');
    await handle.executeUpdate(cancelUpdate, { args: [{ actor: sub, reason: 'lot sold elsewhere' }] });
    await handle.result();
    return handle;
  },
};

const stored = () =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();

if (RECORD) {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(`record-histories-${process.pid}-${Date.now()}`);
  }, 60_000);
  afterAll(() => h?.close());

  test.each(Object.keys(SCENARIOS))(
    'records %s',
    async (name) => {
      const handle = await SCENARIOS[name](h);
      const history = await handle.fetchHistory();
      // it replays before it is kept
      await Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history);
      mkdirSync(DIR, { recursive: true });
      writeFileSync(path.join(DIR, `${name}.json`), `${JSON.stringify(History.fromObject(history).toJSON())}\n`);
    },
    120_000,
  );
} else {
  test('a history is kept for every scenario, and nothing else', () => {
    expect(stored()).toEqual(
      Object.keys(SCENARIOS)
        .map((n) => `${n}.json`)
        .sort(),
    );
  });

  test('the recorded histories replay on the current workflow code', async () => {
    const histories = stored().map((f) => ({
      workflowId: f,
      history: History.fromObject(JSON.parse(readFileSync(path.join(DIR, f), 'utf8'))),
    }));
    const failed: string[] = [];
    for await (const r of Worker.runReplayHistories({ workflowsPath: WORKFLOWS_MODULE }, histories)) {
      if (r.error) failed.push(`${r.workflowId}: ${r.error.message}`);
    }
    if (failed.length)
      throw new Error(
        `The workflow no longer replays these recorded histories:\n${failed.join('\n')}\n` +
          'Certificates in flight would stall on this change. Before the first release: re-record them with ' +
          '`npm run histories:record` and commit the new files with the change (docs/CONTRIBUTING.md, "Changing the workflow"). ' +
          'After it: ship the change as a new Worker Deployment version instead.',
      );
    expect(histories.length).toBe(Object.keys(SCENARIOS).length);
  }, 120_000);
}
