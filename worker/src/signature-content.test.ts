/**
 * A signature counts only for the content it was made over: a certificate rejected back to level 2
 * of 3 and resubmitted with changed content must be signed again from level 1, and ends with every
 * counted signature over its final content hash. Real dev server, worker, database and SMTP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { rejectUpdate, resubmitUpdate, stateQuery, type certificateWorkflow } from '@grain/workflows';
import { WORKFLOWS_MODULE } from './create-worker';
import { actorOf, chainDraft, eventually, signWithCode, startHarness, submit, SUBMITTER, type Harness } from './certificate-test-harness';

let h: Harness;
const finishedIds: string[] = [];
beforeAll(async () => {
  h = await startHarness(`sig-content-${process.pid}-${Date.now()}`);
}, 60_000);
afterAll(() => h?.close());

const SUBMITTER_ACTOR = { id: SUBMITTER.id, name: SUBMITTER.name };

/** Levels 1 and 2 signed, level 3 sends it back to level 2. */
async function rejectedBackToLevel2(): Promise<{ handle: WorkflowHandle<typeof certificateWorkflow>; id: string }> {
  const d = chainDraft();
  const handle = await submit(h, d);
  for (const id of ['a1', 'a2', 'b1', 'b2']) await signWithCode(h, handle, d.id, id);
  const back = await handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('c1'), toLevel: 2, reason: 'grade does not match the sample' }] });
  expect(back).toMatchObject({ status: 'rejected', stage: 2 });
  return { handle, id: d.id };
}

const changedContent = {
  approvalName: 'Barley lot renamed',
  approvalDoc: { id: 'farm-2', name: 'Farm record 2', docType: 'certificate', farm: { storageLocation: 'Geelong silo 4', harvestGrade: 'APH', protein: 84.5 } },
};

test('a resubmit with changed content voids the signatures over the old content and restarts at their level', async () => {
  const { handle, id } = await rejectedBackToLevel2();
  const before = await handle.query(stateQuery);
  const resubmitted = await handle.executeUpdate(resubmitUpdate, { args: [{ actor: SUBMITTER_ACTOR, changes: changedContent }] });
  expect(resubmitted.contentHash).not.toBe(before.contentHash);
  // level 1 signed the old content: its signatures are voided, and signing starts again there
  expect(resubmitted).toMatchObject({ status: 'signing', stage: 1 });
  expect(resubmitted.levels.map((l) => l.signed.length)).toEqual([0, 0, 0]);
  expect(resubmitted.levels[0].voided?.map((v) => [v.userId, v.contentHash])).toEqual([
    ['a1', before.contentHash],
    ['a2', before.contentHash],
  ]);
  expect(resubmitted.audit.filter((e) => e.action === 'signatureVoided').map((e) => [e.actorId, e.level])).toEqual([
    ['a1', 1],
    ['a2', 1],
  ]);
  // the voided signers are told why, with what changed
  for (const to of ['a1@grain.test', 'a2@grain.test']) {
    const mails = await eventually(
      () => h.mail.list({ to }),
      (ms) => ms.some((m) => /signature .* no longer counts/i.test(m.subject ?? '')),
    );
    const notice = mails.find((m) => /no longer counts/i.test(m.subject ?? ''));
    expect(notice?.text).toMatch(/name/);
    expect(notice?.text).toMatch(/farm record/);
    expect(notice?.text).toMatch(/chữ ký/); // the Vietnamese text is in the same mail
  }
  for (const signer of ['a1', 'a3', 'b1', 'b3', 'c1', 'c2']) await signWithCode(h, handle, id, signer);
  const final = await handle.result();
  finishedIds.push(handle.workflowId);
  expect(final.status).toBe('done');
  for (const l of final.levels) {
    expect(l.signed).toHaveLength(2);
    for (const s of l.signed) expect(s.contentHash).toBe(final.contentHash);
  }
}, 120_000);

test('a resubmit without a content change keeps the signatures and continues at the rejected level', async () => {
  const { handle, id } = await rejectedBackToLevel2();
  const before = await handle.query(stateQuery);
  const resubmitted = await handle.executeUpdate(resubmitUpdate, { args: [{ actor: SUBMITTER_ACTOR }] });
  expect(resubmitted.contentHash).toBe(before.contentHash);
  expect(resubmitted).toMatchObject({ status: 'signing', stage: 2 });
  expect(resubmitted.levels[0].signed.map((s) => s.userId)).toEqual(['a1', 'a2']);
  expect(resubmitted.levels[0].voided ?? []).toEqual([]);
  for (const signer of ['b1', 'b3', 'c1', 'c2']) await signWithCode(h, handle, id, signer);
  const final = await handle.result();
  for (const l of final.levels) for (const s of l.signed) expect(s.contentHash).toBe(final.contentHash);
}, 120_000);

type PatchDetails = { 'patch-data'?: { payloads?: Array<{ data?: string }> } };
type Events = { events?: Array<{ markerRecordedEventAttributes?: { details?: unknown; markerName?: string | null } | null }> | null };
/** The patch ids a history recorded (from its JSON form: payload data in base64). */
const patchIds = (h: Events): string[] =>
  (h.events ?? [])
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .map((e) => {
      const data = (e.markerRecordedEventAttributes?.details as PatchDetails)['patch-data']?.payloads?.[0]?.data ?? '';
      return (JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { id: string }).id;
    });

test('a certificate resubmitted with changed content before signatures were bound still replays as it ran', async () => {
  // Recorded with the code before this rule: levels 1 and 2 signed, rejected back to level 2 with a new
  // name and farm record, resubmitted, completed with level 1's signatures over the old content.
  const json = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'certificate-history-resubmit-changed-content.json'), 'utf8'));
  const history = temporal.api.history.v1.History.fromObject(json);
  expect(history.events.length).toBeGreaterThan(150);
  await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history)).resolves.toBeUndefined();
  // the old run never took the new rule; the runs of this file did, and replay too
  expect(patchIds(json)).toEqual(['sign-local-activities-mail-after-answer']);
  expect(finishedIds.length).toBeGreaterThan(0);
  const fresh = await h.client.workflow.getHandle(finishedIds[0]).fetchHistory();
  // runs started now record 'one-commit-per-batch', which carries the rule without its own marker
  expect(patchIds(JSON.parse(JSON.stringify(fresh)) as Events)).toContain('one-commit-per-batch');
  for await (const r of Worker.runReplayHistories({ workflowsPath: WORKFLOWS_MODULE }, [{ workflowId: finishedIds[0], history: fresh }])) {
    expect(r.error).toBeUndefined();
  }
}, 60_000);
