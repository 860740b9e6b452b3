/**
 * A signature counts only for the content it was made over: a certificate rejected back to level 2
 * of 3 and resubmitted with changed content must be signed again from level 1, and ends with every
 * counted signature over its final content hash. Real dev server, worker, database and SMTP.
 */
import type { WorkflowHandle } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { rejectUpdate, resubmitUpdate, stateQuery, type certificateWorkflow } from '@grain/workflows';
import { WORKFLOWS_MODULE } from './create-worker';
import { actorOf, chainDraft, changed, eventually, finalState, signWithCode, startHarness, submit, SUBMITTER, type Harness } from './certificate-test-harness';

let h: Harness;
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
  const back = await changed(
    h,
    d.id,
    await handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('c1'), toLevel: 2, reason: 'grade does not match the sample' }] }),
  );
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
  const resubmitted = await changed(h, id, await handle.executeUpdate(resubmitUpdate, { args: [{ actor: SUBMITTER_ACTOR, changes: changedContent }] }));
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
  const final = await finalState(h, id, handle);
  expect(final.status).toBe('done');
  // and the run replays from its own history
  await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, await handle.fetchHistory())).resolves.toBeUndefined();
  for (const l of final.levels) {
    expect(l.signed).toHaveLength(2);
    for (const s of l.signed) expect(s.contentHash).toBe(final.contentHash);
  }
}, 120_000);

test('a resubmit without a content change keeps the signatures and continues at the rejected level', async () => {
  const { handle, id } = await rejectedBackToLevel2();
  const before = await handle.query(stateQuery);
  const resubmitted = await changed(h, id, await handle.executeUpdate(resubmitUpdate, { args: [{ actor: SUBMITTER_ACTOR }] }));
  expect(resubmitted.contentHash).toBe(before.contentHash);
  expect(resubmitted).toMatchObject({ status: 'signing', stage: 2 });
  expect(resubmitted.levels[0].signed.map((s) => s.userId)).toEqual(['a1', 'a2']);
  expect(resubmitted.levels[0].voided ?? []).toEqual([]);
  for (const signer of ['b1', 'b3', 'c1', 'c2']) await signWithCode(h, handle, id, signer);
  const final = await finalState(h, id, handle);
  for (const l of final.levels) for (const s of l.signed) expect(s.contentHash).toBe(final.contentHash);
}, 120_000);
