/**
 * The last sign answers when it is recorded, not when the PDF is made (issue 29 item 3): the real worker
 * on the dev server, with the real Chromium renderer behind a gate the test opens. While the gate is shut
 * the sign's Update has answered, the read model shows the certificate done with every signature (no PDF
 * yet), the completion mail waits, a command after completion is refused at once, and the run stays open;
 * once the gate opens the PDF is made once, the read model shows it, the completion mail goes out once and
 * the run ends.
 */
import { appErrorCodeOf, remindUpdate, signUpdate } from '@grain/workflows';
import type { Adapters } from '@grain/adapters';
import { gatedPdfRenderer, type GatedPdfRenderer } from '@grain/adapters/testing';
import {
  actorOf,
  chainDraft,
  changed,
  eventually,
  requestCode,
  signer,
  startHarness,
  submit,
  SUBMITTER,
  HARNESS_COMPANY_ID,
  type Harness,
} from './certificate-test-harness';

let h: Harness;
let gate: GatedPdfRenderer;
beforeAll(async () => {
  h = await startHarness(`sign-before-pdf-${process.pid}-${Date.now()}`, {
    adapters: (real: Adapters) => {
      gate = gatedPdfRenderer(real.pdf);
      return { ...real, pdf: gate.renderer };
    },
  });
}, 60_000);
afterAll(async () => {
  gate?.open();
  await h?.close();
});

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))]);
const approvedMails = async () => (await h.mail.list({ to: SUBMITTER.email, limit: 50 })).filter((m) => /is approved/.test(m.subject ?? ''));

test('the completing sign answers before the PDF exists; the PDF follows once, then the completion mail, then the run ends', async () => {
  const d = chainDraft({
    levels: [{ group: 'Farm Data Signing', signers: ['a1', 'a2'].map(signer), signatures: 1, deadline: new Date(Date.now() + 86_400_000).toISOString() }],
  });
  const handle = await submit(h, d);
  const { code, level } = await requestCode(h, handle, 'a1');
  const { otpId } = await h.otps.verify({ certificateId: d.id, level, userId: 'a1' }, code);

  // the PDF cannot be rendered yet: the sign's answer must not wait for it
  const answer = await within(handle.executeUpdate(signUpdate, { args: [{ actor: actorOf('a1'), otpId }] }), 10_000, 'the completing sign');
  const done = await changed(h, d.id, answer);
  expect(done).toMatchObject({ status: 'done', completedDate: expect.any(String) });
  expect(done.levels[0].signed.map((e) => e.userId)).toEqual(['a1']);
  expect(done.levels[0].signed[0].txId).toMatch(/^[0-9a-f]{64}$/);
  expect(done.chainId).toMatch(/^[0-9a-f]{64}$/);
  expect(done.pdfKey).toBeUndefined();
  // the PDF step is under way (waiting at the gate), the completion mail waits for it, the run is open
  await eventually(
    async () => gate.entered(),
    (n) => n > 0,
  );
  expect(gate.entered()).toBe(1);
  expect(await approvedMails()).toEqual([]);
  expect((await h.deps.stores.mailOutbox.unsent(d.id)).filter((m) => /is approved/.test(m.subject ?? '')).map((m) => m.held)).toEqual([true]);
  expect((await handle.describe()).status.name).toBe('RUNNING');
  // a command after completion is refused at once, not queued behind the PDF
  const refused = await within(
    handle.executeUpdate(remindUpdate, { args: [{ actor: actorOf(SUBMITTER.id), to: 'signers' }] }).then(
      () => 'accepted',
      (e: unknown) => appErrorCodeOf(e) ?? String(e),
    ),
    10_000,
    'a remind after completion',
  );
  expect(refused).toBe('CERTIFICATE_DONE');

  gate.open();
  const outcome = await within(handle.result(), 60_000, 'the run');
  const final = await changed(h, d.id, outcome);
  expect(final.status).toBe('done');
  expect(final.pdfKey).toMatch(/^certificates\//);
  const row = await h.store.get(HARNESS_COMPANY_ID, d.id);
  expect(row).toMatchObject({ version: final.version, pdfKey: final.pdfKey });
  const mails = await eventually(approvedMails, (ms) => ms.length > 0);
  expect(mails).toHaveLength(1);
  // the relay marks a mail sent after the SMTP server took it, so the outbox empties a moment after the mail arrives
  expect(
    await eventually(
      () => h.deps.stores.mailOutbox.unsent(d.id),
      (ms) => ms.length === 0,
    ),
  ).toEqual([]);
  const scheduled = ((await handle.fetchHistory()).events ?? []).filter(
    (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'generateCertificatePdf',
  );
  expect(scheduled).toHaveLength(1);
  expect(gate.entered()).toBe(1);
}, 120_000);
