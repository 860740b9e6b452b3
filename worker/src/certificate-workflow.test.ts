/**
 * The certificate workflow end to end: real dev server, real worker, database, SMTP, ledger, Chromium.
 */
import { Worker } from '@temporalio/worker';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { appErrorCodeOf, delegateUpdate, rejectUpdate, signUpdate, stateQuery } from '@grain/workflows';
import { WORKFLOWS_MODULE } from './create-worker';
import { createHash } from 'node:crypto';
import { extractText } from '@grain/adapters';
import { createStores } from '@grain/persistence';
import {
  actorOf,
  chainDraft,
  changed,
  eventually,
  finalState,
  requestCode,
  signer,
  signWithCode,
  startHarness,
  submit,
  SUBMITTER,
  HARNESS_COMPANY_ID,
  harnessWorkflowId,
  payloadsTheWebUiCannotRead,
  type Harness,
} from './certificate-test-harness';

let h: Harness;
const finishedIds: string[] = [];
beforeAll(async () => {
  h = await startHarness(`cert-wf-${process.pid}-${Date.now()}`);
}, 60_000);
afterAll(() => h?.close());

async function refusedCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    return appErrorCodeOf(e) ?? (e as Error).name;
  }
  return 'accepted';
}
const ledgerKeys = async (wfId: string) =>
  (await h.db.knex('ledger_blocks').where('idempotency_key', 'like', `${wfId}:%`).orderBy('block_number')).map((r) => `${r.record_type}`);

test('a 3-level chain with 2-of-3 signatures completes: read model, ledger, mails and the PDF', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  const signers = ['a1', 'a3', 'b2', 'b3', 'c1', 'c2'];
  let last;
  for (const id of signers) last = await signWithCode(h, handle, d.id, id);
  expect(last!.status).toBe('done');
  // the workflow ends with its id, version and status (the whole state is the read model's): one version
  // past the last sign's answer, the PDF recorded after it
  expect(await handle.result()).toEqual({ version: last!.version + 1, status: 'done' });
  const final = await finalState(h, d.id, handle);
  finishedIds.push(handle.workflowId);
  expect(final).toMatchObject({ status: 'done', overdue: false });
  expect(final.pdfKey).toMatch(/^certificates\//);
  expect(final.chainId).toMatch(/^[0-9a-f]{64}$/);
  for (const l of final.levels) {
    expect(l.status).toBe('done');
    expect(l.signed).toHaveLength(2);
    for (const s of l.signed) expect(s.txId).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(await ledgerKeys(handle.workflowId)).toEqual(['submission', ...signers.map(() => 'signature'), 'completion']);
  const row = await h.store.get(HARNESS_COMPANY_ID, d.id);
  expect(row).toMatchObject({ version: final.version, pdfKey: final.pdfKey, state: { status: 'done' } });
  const pdf = await h.adapters.storage.get(final.pdfKey!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // the PDF carries the public verification link (and its QR code); its sha256 is on the read model
  expect((await extractText(pdf, 'certificate.pdf')).text.replace(/\s+/g, '')).toContain(`/c/${final.contentHash}`);
  expect((await h.db.knex('certificates').where({ id: d.id }).first('pdf_sha256')).pdf_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  // the mails leave through the outbox: one per notice, to all its recipients
  const notice = await eventually(
    () => h.mail.list({ to: 'b1@grain.test' }),
    (ms) => ms.some((m) => /awaits your signature \(level 2\)/.test(m.subject ?? '')),
  );
  expect(notice.find((m) => /awaits your signature \(level 2\)/.test(m.subject ?? ''))!.to.sort()).toEqual(['b1@grain.test', 'b2@grain.test', 'b3@grain.test']);
  const approved = await eventually(
    () => h.mail.list({ to: SUBMITTER.email }),
    (ms) => ms.some((m) => /is approved/.test(m.subject ?? '')),
  );
  // to the submitter and the signers, not to c2 whose signature completed it
  expect(approved.find((m) => /is approved/.test(m.subject ?? ''))!.to.sort()).toEqual(
    [SUBMITTER.email, ...['a1', 'a3', 'b2', 'b3', 'c1'].map((x) => `${x}@grain.test`)].sort(),
  );
  // the relay marks a mail sent after the SMTP server took it, so the outbox empties a moment after the mail arrives
  expect(
    await eventually(
      () => h.deps.stores.mailOutbox.unsent(d.id),
      (ms) => ms.length === 0,
    ),
  ).toEqual([]);
  // every timer says what it is for, in the Temporal UI (its user metadata summary)
  const events = (await handle.fetchHistory()).events ?? [];
  const summaries = events
    .filter((e) => e.timerStartedEventAttributes)
    .map((e) => (e.userMetadata?.summary?.data ? JSON.parse(Buffer.from(e.userMetadata.summary.data).toString()) : null));
  expect(summaries.length).toBeGreaterThan(0);
  expect(summaries.filter((x) => !/^(reminder before level \d|level \d deadline|overdue reminder \d)/.test(String(x)))).toEqual([]);
  // no OTP code ever reached the workflow history
  const history = JSON.stringify(await handle.fetchHistory());
  for (const m of await h.mail.list({ limit: 500 })) {
    const code = /is (\d{6})\./.exec(m.text ?? '')?.[1];
    if (code) expect(history).not.toContain(code);
  }
  // after a run, the CLI / visibility finds the finished certificate by its search attributes
  const found = await eventually(
    async () => {
      const ids: string[] = [];
      for await (const w of h.client.workflow.list({ query: `CertificateNumber = '${d.approvalNumber}' AND CertificateStatus = 'done'` }))
        ids.push(w.workflowId);
      return ids;
    },
    (ids) => ids.length === 1,
  );
  expect(found).toEqual([harnessWorkflowId(d)]);
});

test('operators read the certificate in the Temporal UI: a workflow id with company and number, and current details of where it is and whom it waits for', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  expect(handle.workflowId).toBe(`certificate-harness-grain-co-${d.approvalNumber.toLowerCase()}-${d.id.slice(0, 12)}`);
  const details = async () => (await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata')).currentDetails ?? '';
  await signWithCode(h, handle, d.id, 'a1');
  expect(await details()).toBe(
    `**Level 1 of 3** (Farm Data Signing): waiting for Signer a2, Signer a3 — 1 of 2 signatures so far.\n\n**Due** ${d.levels[0].deadline.slice(0, 16).replace('T', ' ')} UTC.`,
  );
  // the read model's state names the workflow: the API finds it from the certificate id
  const row = await eventually(
    () => h.store.get(HARNESS_COMPANY_ID, d.id),
    (r) => !!r?.state.workflowId,
  );
  expect(row!.state.workflowId).toBe(handle.workflowId);
  await signWithCode(h, handle, d.id, 'a2');
  await handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('b1'), toLevel: 1, reason: 'moisture figure is wrong' }] });
  expect(await details()).toBe('**Sent back to level 1 of 3** (Farm Data Signing): waiting for Sam Submitter to update and resubmit.');
  await handle.terminate('test over');
});

test('reject to an earlier level, then re-signing walks the chain again', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await signWithCode(h, handle, d.id, 'a1');
  await signWithCode(h, handle, d.id, 'a2');
  await signWithCode(h, handle, d.id, 'b1');
  const back = await changed(
    h,
    d.id,
    await handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('b2'), toLevel: 1, reason: 'moisture figure is wrong' }] }),
  );
  expect(back).toMatchObject({ status: 'rejected', stage: 1 });
  expect(back.levels.map((l) => l.signed.length)).toEqual([0, 0, 0]);
  expect(back.levels[1].comments).toEqual(['Signer b2: moisture figure is wrong']);
  expect((await h.store.get(HARNESS_COMPANY_ID, d.id))!.state.status).toBe('rejected');
  // the notices go out right after the answer
  expect(
    (
      await eventually(
        () => h.mail.list({ to: SUBMITTER.email }),
        (ms) => ms.some((m) => /sent back to level 1/.test(m.subject ?? '')),
      )
    ).some((m) => /sent back to level 1/.test(m.subject ?? '')),
  ).toBe(true);
  expect(await refusedCode(handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('a3'), toLevel: 1, reason: 'x' }] }))).toBe(
    'CERTIFICATE_ALREADY_REJECTED',
  );
  await signWithCode(h, handle, d.id, 'a1');
  const again = await signWithCode(h, handle, d.id, 'a3');
  expect(again).toMatchObject({ status: 'signing', stage: 2 });
  expect(await ledgerKeys(handle.workflowId)).toEqual(['submission', 'signature', 'signature', 'signature', 'rejection', 'signature', 'signature']);
  expect(await refusedCode(handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('b1'), toLevel: 3, reason: 'x' }] }))).toBe('CANNOT_MOVE_FORWARD');
  await handle.terminate('test over');
});

test('delegation: the delegate signs on behalf of the delegator, who may then not sign', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  const s = await changed(
    h,
    d.id,
    await handle.executeUpdate(delegateUpdate, { args: [{ actor: actorOf('a1'), to: [signer('d1')], note: 'away this week' }] }),
  );
  expect(s.levels[0].comments).toEqual(['Signer a1: away this week']);
  expect(s.levels[0].delegations[0].txId).toMatch(/^[0-9a-f]{64}$/);
  const signed = await signWithCode(h, handle, d.id, 'd1');
  expect(signed.levels[0].signed[0]).toMatchObject({ userId: 'd1', onBehalfOf: 'a1' });
  expect(await refusedCode(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a1'), otpId: 'x' }] }))).toBe('ALREADY_SIGNED');
  expect(await refusedCode(handle.executeUpdate(delegateUpdate, { args: [{ actor: actorOf('a2'), to: [signer('a3')] }] }))).toBe('DELEGATE_ALREADY_SIGNER');
  const row = await h.store.get(HARNESS_COMPANY_ID, d.id);
  expect(row!.state.levels[0].signers.map((x) => x.id)).toEqual(['a1', 'a2', 'a3', 'd1']);
  await handle.terminate('test over');
});

test('refused actions answer at once and leave no trace; wrong, expired and reused codes fail', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  await signWithCode(h, handle, d.id, 'a1');
  const before = await handle.fetchHistory();
  // outsider and double sign: refused by the validator
  expect(await refusedCode(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('zz'), otpId: 'x' }] }))).toBe('NOT_A_SIGNER');
  expect(await refusedCode(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a1'), otpId: 'x' }] }))).toBe('ALREADY_SIGNED');
  expect(await refusedCode(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(SUBMITTER.id), otpId: 'x' }] }))).toBe('NOT_A_SIGNER');
  const after = await handle.fetchHistory();
  expect(after.events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length).toBe(
    before.events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length,
  );
  // wrong code, then the right one is still good; reuse of a verified code fails
  const { code } = await requestCode(h, handle, 'a2');
  await expect(h.otps.verify({ certificateId: d.id, level: 1, userId: 'a2' }, code === '000000' ? '999999' : '000000')).rejects.toMatchObject({
    code: 'OTP_INVALID',
  });
  // expired: the same code checked six minutes later
  const later = createStores(h.db.knex, { now: () => new Date(Date.now() + 6 * 60_000) }).otps;
  await expect(later.verify({ certificateId: d.id, level: 1, userId: 'a2' }, code)).rejects.toMatchObject({ code: 'OTP_EXPIRED' });
  const { otpId } = await h.otps.verify({ certificateId: d.id, level: 1, userId: 'a2' }, code);
  await expect(h.otps.verify({ certificateId: d.id, level: 1, userId: 'a2' }, code)).rejects.toMatchObject({ code: 'OTP_INVALID' });
  // an otp id of another signer is refused by the redeem activity
  expect(await refusedCode(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a3'), otpId }] }))).toBe('OTP_INVALID');
  const ok = await changed(h, d.id, await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a2'), otpId }] }));
  expect(ok.stage).toBe(2);
  // reused otp id: b1 signs, b2 rejects to the current level (clearing b1), b1 replays the old id
  const b1 = await requestCode(h, handle, 'b1');
  const b1Otp = await h.otps.verify({ certificateId: d.id, level: 2, userId: 'b1' }, b1.code);
  await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('b1'), otpId: b1Otp.otpId }] });
  await handle.executeUpdate(rejectUpdate, { args: [{ actor: actorOf('b2'), toLevel: 2, reason: 'recheck weights' }] });
  expect(await refusedCode(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('b1'), otpId: b1Otp.otpId }] }))).toBe('OTP_INVALID');
  const state = await handle.query(stateQuery);
  expect(state.levels[1].signed).toEqual([]);
  expect(await ledgerKeys(handle.workflowId)).toEqual(['submission', 'signature', 'signature', 'signature', 'rejection']);
  await handle.terminate('test over');
});

test('a done certificate refuses further actions', async () => {
  const d = chainDraft({
    levels: [{ group: 'Only', signers: [signer('a1'), signer('a2')], signatures: 1, deadline: new Date(Date.now() + 86_400_000).toISOString() }],
  });
  const handle = await submit(h, d);
  await signWithCode(h, handle, d.id, 'a1');
  await handle.result();
  finishedIds.push(handle.workflowId);
  const err = await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a2'), otpId: 'x' }] }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeTruthy();
  expect(err).not.toBeInstanceOf(WorkflowUpdateFailedError);
  expect((await h.store.get(HARNESS_COMPANY_ID, d.id))!.state).toMatchObject({ status: 'done' });
  expect(await ledgerKeys(handle.workflowId)).toEqual(['submission', 'signature', 'completion']);
});

test('reminders before the due time, then overdue with an escalation mail and search attribute', async () => {
  const d = chainDraft({ reminders: { offsetsMs: [2500], overdueRepeatMs: 2000 } }, 4000);
  const handle = await submit(h, d);
  const reminder = await eventually(
    () => h.mail.list({ to: 'a2@grain.test' }),
    (ms) => ms.some((m) => /^Reminder:/.test(m.subject ?? '')),
    10_000,
  );
  expect(reminder.some((m) => /^Reminder:/.test(m.subject ?? ''))).toBe(true);
  const escalation = await eventually(
    () => h.mail.list({ to: 'mgr@grain.test' }),
    (ms) => ms.some((m) => /^Overdue: certificate/.test(m.subject ?? '')),
    10_000,
  );
  expect(escalation.some((m) => m.subject === `Overdue: certificate ${d.approvalNumber}, level 1`)).toBe(true);
  expect((await h.mail.list({ to: SUBMITTER.email })).some((m) => /^Overdue: certificate/.test(m.subject ?? ''))).toBe(true);
  const repeated = await eventually(
    () => h.mail.list({ to: 'a3@grain.test' }),
    (ms) => ms.filter((m) => /^Overdue:/.test(m.subject ?? '')).length >= 2,
    10_000,
  );
  expect(repeated.filter((m) => /^Overdue:/.test(m.subject ?? '')).length).toBeGreaterThanOrEqual(2);
  expect(await h.store.list({ companyId: HARNESS_COMPANY_ID, statuses: ['overdue'] })).toMatchObject({
    items: expect.arrayContaining([expect.objectContaining({ _id: d.id, overdue: true })]),
  });
  expect((await handle.query(stateQuery)).levels[0].overdue).toBe(true);
  const found = await eventually(
    async () => {
      const ids: string[] = [];
      for await (const w of h.client.workflow.list({ query: `Overdue = true AND CertificateNumber = '${d.approvalNumber}'` })) ids.push(w.workflowId);
      return ids;
    },
    (ids) => ids.length === 1,
  );
  expect(found).toEqual([handle.workflowId]);
  // each reminder mail sent is recorded (the overdue dashboard counts these), before and after the due time
  const recorded = await h.db.knex('certificate_reminders').where({ certificate_id: d.id, level: 1 });
  expect(recorded.some((r) => !r.overdue)).toBe(true);
  expect(recorded.filter((r) => r.overdue).length).toBeGreaterThanOrEqual(2);
  expect(new Set(recorded.map((r) => r.key)).size).toBe(recorded.length);
  await handle.terminate('test over');
}, 40_000);

test('a notice is an HTML mail with a plain-text part, in en and vn, with the facts and a button to sign that very certificate', async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  const [m] = await eventually(
    async () =>
      (await h.mail.list({ to: 'a1@grain.test' })).filter((x) => (x.subject ?? '') === `Certificate ${d.approvalNumber} awaits your signature (level 1)`),
    (ms) => ms.length > 0,
    10_000,
  );
  const link = `http://localhost:3000/views/approval/detail?id=${d.id}&sign=1`;
  const due = d.levels[0].deadline.slice(0, 10).split('-').reverse().join('/');
  expect(m.text).toContain(`Review and sign: ${link}`);
  expect(m.text).toContain(`Xem và ký: ${link}`);
  expect(m.text).toContain(`due ${due}`);
  const html = m.html ?? '';
  expect(html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
  for (const fact of [d.approvalNumber, d.approvalName.replace(/"/g, '&#34;'), 'Farm Data Signing', due, 'Chứng nhận', 'Hạn']) expect(html).toContain(fact);
  await handle.terminate('test over');
}, 40_000);

test('a level already overdue at submission gets one overdue notice, not one per missed timer', async () => {
  // due 15 s ago, repeats every 10 s: the due time and the first repeat have both passed when it starts
  const d = chainDraft({ reminders: { offsetsMs: [5000], overdueRepeatMs: 10_000 } }, -15_000);
  const handle = await submit(h, d);
  const mine = (m: { subject?: string | null }) => /^Overdue:/.test(m.subject ?? '') && (m.subject ?? '').includes(d.approvalNumber);
  await eventually(
    () => h.mail.list({ to: 'a1@grain.test' }),
    (ms) => ms.some(mine),
    10_000,
  );
  await new Promise((r) => setTimeout(r, 2000)); // the next repeat is due only ~5 s after the start
  const overdue = (await h.mail.list({ to: 'a1@grain.test' })).filter(mine);
  expect(overdue).toHaveLength(1);
  const recorded = await h.db.knex('certificate_reminders').where({ certificate_id: d.id, level: 1, recipient_id: 'a1' });
  expect(recorded).toHaveLength(1);
  expect((await handle.query(stateQuery)).audit.filter((e) => e.action === 'deadlinePassed')).toHaveLength(1);
  await handle.terminate('test over');
}, 40_000);

test('recorded histories replay without non-determinism', async () => {
  expect(finishedIds.length).toBeGreaterThan(0);
  const histories = finishedIds.map((workflowId) => ({ workflowId, history: h.client.workflow.getHandle(workflowId).fetchHistory() }));
  const resolved = await Promise.all(histories.map(async (x) => ({ workflowId: x.workflowId, history: await x.history })));
  let replayed = 0;
  for await (const r of Worker.runReplayHistories({ workflowsPath: WORKFLOWS_MODULE }, resolved)) {
    expect(r.error).toBeUndefined();
    replayed++;
  }
  expect(replayed).toBe(finishedIds.length);
}, 60_000);

test('every payload the runs of this file recorded reads as JSON, as the Temporal Web UI reads them', async () => {
  // completed, rejected, delegated, overdue and terminated runs: activities, local activities, updates, timers
  const ids: string[] = [];
  for await (const w of h.client.workflow.list({ query: `TaskQueue = '${h.taskQueue}'` })) ids.push(w.workflowId);
  expect(ids.length).toBeGreaterThanOrEqual(finishedIds.length + 5);
  const unreadable: Record<string, string[]> = {};
  for (const id of ids) {
    const found = payloadsTheWebUiCannotRead(await h.client.workflow.getHandle(id).fetchHistory());
    if (found.length) unreadable[id] = found;
  }
  expect(unreadable).toEqual({});
}, 60_000);

test('signs arriving together while effects run are all kept: state, read model and ledger agree', async () => {
  // Regression: the workflow once assigned runEffects' result back to its state, so a sign applied
  // while the previous batch's last activity resolved was overwritten (found by the benchmarks).
  for (let round = 0; round < 3; round++) {
    const d = chainDraft({
      levels: [
        { group: 'Farm Data Signing', signers: ['a1', 'a2', 'a3'].map(signer), signatures: 3, deadline: new Date(Date.now() + 86_400_000).toISOString() },
        { group: 'Inspection Signing', signers: ['c1', 'c2'].map(signer), signatures: 1, deadline: new Date(Date.now() + 2 * 86_400_000).toISOString() },
      ],
    });
    const handle = await submit(h, d);
    const otps: Array<{ id: string; otpId: string }> = [];
    for (const id of ['a1', 'a2', 'a3']) {
      const { code, level } = await requestCode(h, handle, id);
      otps.push({ id, otpId: (await h.otps.verify({ certificateId: d.id, level, userId: id }, code)).otpId });
    }
    await Promise.all(otps.map((o) => handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(o.id), otpId: o.otpId }] })));
    const state = await handle.query(stateQuery);
    expect(state.levels[0].signed.map((s) => s.userId).sort()).toEqual(['a1', 'a2', 'a3']);
    expect(state.levels[0].status).toBe('done');
    expect(state.stage).toBe(2); // the stage is the current level number
    const row = await eventually(
      () => h.store.get(HARNESS_COMPANY_ID, d.id),
      (r) => !!r && r.version === state.version,
    );
    expect(row!.state.levels[0].signed.map((s: { userId: string }) => s.userId).sort()).toEqual(['a1', 'a2', 'a3']);
    const sigBlocks = (await ledgerKeys(handle.workflowId)).filter((t) => t === 'signature');
    expect(sigBlocks).toHaveLength(3);
    await handle.terminate('test done');
  }
});
