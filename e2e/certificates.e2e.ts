/// <reference lib="dom" />
/**
 * The certificate flow in a real browser against the whole app: a manager creates a
 * 2-level certificate from a farm record (submit is refused until the grain image is verified),
 * submits; each signer signs with the code from the dev mailbox; level 2 rejects once back to level 1,
 * which signs again; level 2 delegates, the delegate signs; the manager's open page follows every step
 * live; Get Cert downloads the PDF, whose QR link opens the public verification page, where the PDF
 * itself checks out.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { extractText } from '@grain/adapters';
import { startE2E, type E2E } from './harness';
import {
  DEMO,
  SHOTS,
  byId,
  createFarmRecord,
  fillInput,
  flow,
  lastMailId,
  mailAfter,
  pickOption,
  screenshot,
  signIn,
  signingCode,
  step,
  verifyGrainImage,
} from './e2e-helpers';

jest.setTimeout(180_000);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const detailIs = (p: Page, status: string) => p.waitForSelector(`[data-testid="approval-detail"][data-status="${status}"]`);
const version = (p: Page) => p.$eval(byId('approval-detail'), (el) => Number(el.getAttribute('data-version')));

/** Collects the live-channel messages the page's WebSocket receives (CDP network events). */
async function watchLiveFrames(page: Page): Promise<Array<{ type: string; data?: { id?: string; stage?: number } }>> {
  const frames: Array<{ type: string; data?: { id?: string; stage?: number } }> = [];
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketFrameReceived', (ev) => {
    try {
      frames.push(JSON.parse(ev.response.payloadData));
    } catch {
      /* not JSON */
    }
  });
  return frames;
}

/** Approve as the user of `page`: open Sign and Endorse, read the mailed code, sign. */
async function approve(page: Page, email: string, signaturePassword?: string, shot?: string) {
  step(`${email} opens the sign dialog`);
  const before = await lastMailId(e, email);
  await (await page.waitForSelector(byId('btn-approve'), { visible: true }))!.click();
  await page.waitForSelector(byId('sign-dialog'));
  step(`${email} reads the code and signs`);
  const code = await signingCode(e, email, before);
  await page.type(byId('sign-otp'), code);
  await page.type(byId('sign-note'), 'Checked against the farm record');
  if (signaturePassword) await page.type(byId('sign-password'), signaturePassword);
  if (shot) await screenshot(page, shot);
  await page.click(byId('sign-now'));
  await page.waitForSelector(byId('sign-dialog'), { hidden: true });
}

describe('certificate flow in the browser', () => {
  it('creates, signs, rejects, re-signs, delegates, downloads and verifies a 2-level certificate', async () => {
    await flow(e, 'cert', certificateFlow);
  });
});

describe('work in flight, from the overdue dashboard', () => {
  it('the manager reassigns a level due soon; the new signer gets the mail and signs on a phone; reminders are rate-limited', async () => {
    await flow(e, 'reassign', reassignFlow);
  });
});

/** The whole flow; the test above adds screenshots and the server's log when it fails or stalls. */
async function certificateFlow() {
  // --- the manager creates the certificate from a farm record
  step('the manager creates the certificate from a farm record');
  const manager = e.page;
  const liveFrames = await watchLiveFrames(manager);
  await signIn(e, manager, DEMO.manager);
  const farm = await createFarmRecord(manager);
  await manager.goto(e.url('/views/approval/create'));
  const number = await (await manager.waitForSelector(byId('approval-number')))!.evaluate((el) => (el as HTMLInputElement).value);
  expect(number).toMatch(/^\d{9,}$/);
  await fillInput(manager, 'approval-name', 'Wheat APW lot 3');
  await (await manager.waitForSelector(byId(`farm-row-${farm.number}`)))!.click();
  await manager.waitForSelector(byId('primary-doc'));
  await manager.click(byId('remove-level-3'));
  await manager.waitForSelector(byId('level-panel-3'), { hidden: true });
  await fillInput(manager, 'level-deadline-1', day(3));
  await fillInput(manager, 'level-deadline-2', day(5));
  await pickOption(manager, 'approver-search-1', 'Liam');
  await pickOption(manager, 'approver-search-2', 'Mia');
  await pickOption(manager, 'approver-search-2', 'Noah');
  expect(await manager.$eval(byId('approver-table-2'), (el) => el.textContent)).toMatch(/Mia Tran.*Noah Kelly/);

  // submit is refused while the grain image is not verified
  await manager.click(byId('form-submit'));
  const refusal = await manager.waitForSelector(byId('message-dialog'));
  expect(await refusal!.evaluate((el) => el.textContent)).toMatch(/grain photo of the farm record is not verified/i);
  await screenshot(manager, 'cert-01-submit-refused');
  await manager.keyboard.press('Escape');
  await manager.waitForSelector(byId('message-dialog'), { hidden: true });

  // verify the photo, reload: the draft is kept; pick the (now verified) record again and submit
  expect(await verifyGrainImage(manager, farm.id)).toBe(true);
  await manager.reload();
  await manager.waitForSelector(byId(`farm-row-${farm.number}`));
  expect(await manager.$eval(byId('approval-name'), (el) => (el as HTMLInputElement).value)).toBe('Wheat APW lot 3');
  await manager.click(byId(`farm-row-${farm.number}`)); // deselect the remembered copy
  await manager.click(byId(`farm-row-${farm.number}`)); // and take the fresh one
  await screenshot(manager, 'cert-02-form-filled');
  await manager.click(byId('form-submit'));
  await detailIs(manager, 'signing');
  const detailUrl = manager.url();
  expect(detailUrl).toMatch(/\/views\/approval\/detail\?id=/);
  expect(await manager.$(byId('btn-approve'))).toBeNull(); // the submitter never signs
  await screenshot(manager, 'cert-03-submitted');

  // --- level 1 signs (Liam), coming in from the mail's button on a phone, signed out; the manager's open
  step('level 1 signs (Liam) from the mail on a phone');
  // page follows live
  const awaiting = await mailAfter(e, DEMO.signer1.email, 0, new RegExp(`Certificate ${number} awaits your signature`));
  const button = /Review and sign: (https?:\/\/\S+)/.exec(awaiting.text ?? '')?.[1];
  expect(button).toMatch(/\/views\/approval\/detail\?id=[^&\s]+&sign=1$/);
  const signer1 = await e.browser.createBrowserContext().then((c) => c.newPage());
  await signer1.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  signer1.setDefaultTimeout(20_000);
  const codeBefore = await lastMailId(e, DEMO.signer1.email);
  await signer1.goto(e.url(new URL(button!).pathname + new URL(button!).search));
  await signer1.waitForSelector(byId('input-email')); // sign in first ...
  await signer1.type(byId('input-email'), DEMO.signer1.email);
  await signer1.type(byId('input-password'), DEMO.signer1.password);
  await signer1.click(byId('login-submit'));
  // ... then straight to that certificate, its sign dialog open, showing what is signed
  await signer1.waitForSelector(byId('sign-review'));
  expect(signer1.url()).toContain('/views/approval/detail?id=');
  expect(await signer1.$eval(byId('sign-review'), (el) => el.textContent)).toContain(number);
  await detailIs(signer1, 'signing');
  await new Promise((r) => setTimeout(r, 400)); // the dialog's fade-in, for a clear picture
  await screenshot(signer1, 'cert-04-sign-from-mail-phone');
  const v0 = await version(manager);
  await signer1.type(byId('sign-otp'), await signingCode(e, DEMO.signer1.email, codeBefore));
  if (DEMO.signer1.signaturePassword) await signer1.type(byId('sign-password'), DEMO.signer1.signaturePassword);
  await signer1.click(byId('sign-now'));
  await signer1.waitForSelector(byId('sign-dialog'), { hidden: true });
  await signer1.setViewport({ width: 1280, height: 900 });
  await signer1.waitForSelector(byId('btn-approve'), { hidden: true });
  // faster than any fallback poll (10 s at the quickest): the live channel told the page
  await manager.waitForFunction(
    (v) => Number(document.querySelector('[data-testid="approval-detail"]')?.getAttribute('data-version')) > v,
    { timeout: 8_000 },
    v0,
  );
  // where it is: level 1 signed, level 2 asked; Mia and Noah asked by mail, not opened yet
  await manager.waitForSelector('[data-testid="step-level-1"][data-state="done"]');
  await manager.waitForSelector('[data-testid="step-level-2"][data-state="current"] [data-step="notified"]');
  await screenshot(manager, 'cert-04b-stepper');
  const certificateId = new URL(detailUrl).searchParams.get('id');
  expect(liveFrames.some((f) => f.type === 'certificate_update' && f.data?.id === certificateId && f.data?.stage === 2)).toBe(true);

  // --- level 2 (Mia) rejects back to level 1 with a reason
  step('level 2 (Mia) rejects back to level 1 with a reason');
  const signer2 = await e.browser.createBrowserContext().then((c) => c.newPage());
  await signIn(e, signer2, DEMO.signer2);
  await signer2.goto(detailUrl);
  await (await signer2.waitForSelector(byId('btn-reject')))!.click();
  await signer2.waitForSelector(byId('reject-dialog'));
  await signer2.click(`${byId('reject-dialog')} [role="combobox"]`);
  await (await signer2.waitForSelector('li[role="option"][data-value="1"]'))!.click();
  await signer2.type(byId('reject-reason'), 'Moisture reading does not match the photo');
  await screenshot(signer2, 'cert-05-reject-dialog');
  await signer2.click(byId('reject-submit'));
  await detailIs(signer2, 'rejected');
  await detailIs(manager, 'rejected'); // live, no reload
  const rejectMail = await e.waitForMail(DEMO.manager.email, /back from level 2 to level 1/);
  expect(rejectMail.text).toContain('Moisture reading does not match the photo');

  // --- level 1 signs again (a new code), the certificate is back at level 2
  step('level 1 signs again (a new code), the certificate is back at level 2');
  await detailIs(signer1, 'rejected'); // live on the signer's page too
  // the level sent back to sees who sent it back and why, at the top of the page
  const banner = await signer1.waitForSelector(byId('rejection-banner'));
  expect(await banner!.evaluate((el) => el.textContent)).toMatch(
    /sent this certificate back from level 2 to level 1[\s\S]*Moisture reading does not match the photo/,
  );
  await screenshot(signer1, 'cert-05b-sent-back-banner');
  await approve(signer1, DEMO.signer1.email, DEMO.signer1.signaturePassword);
  step('level 1 has signed again: the pages show level 2 signing');
  await detailIs(signer1, 'signing');

  // --- level 2 (Mia) delegates to Olivia, who signs on her behalf
  step('level 2 (Mia) delegates to Olivia, who signs on her behalf');
  await detailIs(signer2, 'signing');
  await (await signer2.waitForSelector(byId('btn-delegate')))!.click();
  await signer2.waitForSelector(byId('delegate-dialog'));
  await signer2.type(byId('delegate-note'), 'On leave this week');
  await pickOption(signer2, 'delegate-search', 'Olivia');
  await screenshot(signer2, 'cert-06-delegate-dialog');
  await signer2.click(byId('delegate-submit'));
  await signer2.waitForSelector(byId('delegate-dialog'), { hidden: true });
  expect(await signer2.$eval(byId('approval-detail'), (el) => el.textContent)).toMatch(/On leave this week/);

  step('the delegate (Olivia) signs');
  const admin = await e.browser.createBrowserContext().then((c) => c.newPage());
  await signIn(e, admin, DEMO.admin);
  await admin.goto(detailUrl);
  await approve(admin, DEMO.admin.email);
  await detailIs(admin, 'done');
  await detailIs(manager, 'done');
  expect(await manager.$eval(byId('detail-status'), (el) => el.textContent)).toBeTruthy();
  await screenshot(manager, 'cert-07-done');

  // --- Get Cert: the PDF download, once the workflow has made it
  step('Get Cert: the PDF download, once the workflow has made it');
  const pdf = await getCert(manager, number);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await extractText(pdf, 'certificate.pdf')).text.replace(/\s+/g, '');
  expect(text).toContain(number);
  // the QR code's link is the certificate's one link (/c/<content hash>): a browser is sent on to the verify page
  const qrPath = /\/c\/([0-9a-f]{64})/.exec(text);
  expect(qrPath).not.toBeNull();

  // --- the public page, without login, from the QR link; the downloaded PDF checks out
  step('the public page, without login, from the QR link; the downloaded PDF checks out');
  const visitor = await e.browser.createBrowserContext().then((c) => c.newPage());
  const link = await fetch(e.url(qrPath![0]), { redirect: 'manual', headers: { accept: 'text/html' } });
  expect(link.status).toBe(303);
  const to = new URL(link.headers.get('location')!);
  expect(`${to.pathname}${to.search}`).toBe(`/views/verify?hash=${qrPath![1]}`);
  await visitor.goto(e.url(`${to.pathname}${to.search}`));
  const result = await visitor.waitForSelector(byId('verify-result'));
  const shown = await result!.evaluate((el) => el.textContent ?? '');
  expect(shown).toContain(number);
  expect(shown).toMatch(/Liam Walsh/);
  // the delegate signed on behalf of the delegator, as the PDF states it
  const delegated = await visitor.$$eval('[data-testid^="issued-level-"] tr', (rows) => rows.map((r) => r.textContent ?? ''));
  expect(delegated.some((r) => r.includes('Olivia Bennett') && r.includes('Mia Tran'))).toBe(true);
  // the page states the PDF's facts: every fact shown under a label is in the PDF's text
  const facts = await visitor.$$eval('[data-fact]', (els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, '')));
  expect(facts.length).toBeGreaterThan(10);
  expect(facts.filter((f) => !text.includes(f))).toEqual([]);
  await visitor.waitForSelector(byId('verify-ledger'));
  // the credential and the issuer's CA certificate are a click away, without signing in
  const fetched = await visitor.$$eval([byId('verify-credential'), byId('verify-ca')].join(','), (links) =>
    Promise.all(
      links.map(async (l) => {
        const res = await fetch((l as HTMLAnchorElement).href);
        return `${res.status} ${res.headers.get('content-type')} ${(await res.text()).slice(0, 27)}`;
      }),
    ),
  );
  expect(fetched[0]).toMatch(/^200 application\/vc\+jwt; charset=utf-8 eyJ/);
  expect(fetched[1]).toMatch(/^200 application\/x-pem-file; charset=utf-8 -----BEGIN CERTIFICATE-----/);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'grain-e2e-pdf-')), `certificate-${number}.pdf`);
  writeFileSync(file, pdf);
  const input = await visitor.$(byId('verify-pdf'));
  await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(file);
  const check = await visitor.waitForSelector(byId('verify-pdf-result'));
  expect(await check!.evaluate((el) => el.textContent)).toMatch(/is the certificate as issued/);
  // each check on its own line, every one of them passed: seal, whole file, issuer, verified issuer, time of sealing, as issued, ledger, signers, not revoked
  const checks = await visitor.$$eval('[data-testid="verify-checks"] [data-ok]', (els) =>
    els.map((el) => `${el.getAttribute('data-testid')}=${el.getAttribute('data-ok')}`),
  );
  expect(checks).toEqual([
    'check-seal=true',
    'check-wholeDocument=true',
    'check-issuer=true',
    'check-verifiedIssuer=true',
    'check-sealTime=true',
    'check-asIssued=true',
    'check-ledger=true',
    'check-signers=true',
    'check-notRevoked=true',
  ]);
  await screenshot(visitor, 'cert-08-verified');

  // and by its content hash, typed in (a bare number is not enough: any company could issue the same one)
  await visitor.goto(e.url('/views/verify'));
  await visitor.type(byId('verify-query'), qrPath![1]);
  await visitor.click(byId('verify-submit'));
  expect(await (await visitor.waitForSelector(byId('verify-result')))!.evaluate((el) => el.textContent)).toContain('Wheat APW lot 3');
  console.log(`screenshots: ${SHOTS}/e2e-cert-*.png`);
}

/** A 1-level certificate due tomorrow, submitted through the API as the manager on `page`; answers its number. */
async function submitDueTomorrow(page: Page, signerEmail: string): Promise<string> {
  const farm = await createFarmRecord(page);
  expect(await verifyGrainImage(page, farm.id)).toBe(true);
  return page.evaluate(
    async (farmId, email, due) => {
      const info = (await (await fetch('/api/company/approval/create')).json()) as any;
      const signer = info.signers.find((p: { email: string }) => p.email === email);
      const res = await fetch('/api/company/approval/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          approvalNumber: info.approvalNumber,
          approvalName: 'Barley lot 12',
          approvalDoc: { _id: farmId },
          supportDocs: [],
          approvalLevels: [{ group: 'Farm Data Signing', signers: [signer._id], signatures: 1, deadline: due }],
          status: 'signing',
        }),
      });
      const body = (await res.json()) as any;
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
      return body.approval.approvalNumber as string;
    },
    farm.id,
    signerEmail,
    day(1),
  );
}

async function reassignFlow() {
  step('the manager submits a certificate due tomorrow, held by Liam');
  const manager = await e.browser.createBrowserContext().then((c) => c.newPage());
  await signIn(e, manager, DEMO.manager);
  const number = await submitDueTomorrow(manager, DEMO.signer1.email);

  step('the overdue dashboard lists it; the manager reminds Liam, and a second reminder within the hour is refused');
  await manager.goto(e.url('/views/approval/overdue'));
  const row = byId(`overdue-row-${number}`);
  await manager.waitForSelector(row);
  expect(await manager.$eval(row, (el) => el.textContent)).toContain('Liam Walsh');
  const remindBefore = await lastMailId(e, DEMO.signer1.email);
  await manager.click(byId(`remind-${number}`));
  const reminder = await mailAfter(e, DEMO.signer1.email, remindBefore, new RegExp(`Reminder: certificate ${number}`));
  expect(reminder.text).toMatch(/Review and sign: https?:\/\/\S+\/views\/approval\/detail\?id=[^&\s]+&sign=1/);
  await manager.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('1'), {}, `${row} td:nth-child(7)`);
  await manager.click(byId(`remind-${number}`));
  await manager.waitForFunction(() => /less than an hour ago/.test(document.body.textContent ?? ''));
  await screenshot(manager, 'cert-10-dashboard-reminded');
  // on a phone the row is a card, its actions still at hand
  await manager.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await manager.waitForSelector(byId(`reassign-${number}`), { visible: true });
  await screenshot(manager, 'cert-10b-dashboard-phone');
  await manager.setViewport({ width: 1280, height: 900 });

  step('the manager reassigns the level from Liam to Noah');
  await (await manager.waitForSelector(byId(`reassign-${number}`), { visible: true }))!.click();
  await manager.waitForSelector(byId('adjust-dialog'));
  await new Promise((r) => setTimeout(r, 400)); // the dialog's fade-in: a click while it moves can miss
  await (await manager.waitForSelector(`${byId('adjust-signers')} .MuiChip-deleteIcon`, { visible: true }))!.click();
  await manager.waitForFunction((sel) => !document.querySelector(sel), {}, `${byId('adjust-signers')} .MuiChip-root`);
  await pickOption(manager, 'adjust-search', 'Noah');
  await screenshot(manager, 'cert-11-reassign-dialog');
  const noahBefore = await lastMailId(e, DEMO.signer3.email);
  await manager.click(byId('adjust-save'));
  await manager.waitForSelector(byId('adjust-dialog'), { hidden: true });
  await manager.waitForFunction((sel) => /Noah Kelly/.test(document.querySelector(sel)?.textContent ?? ''), {}, row);
  expect(await manager.$eval(row, (el) => el.textContent)).not.toContain('Liam Walsh');

  step('Noah is asked by mail and signs from it on a phone');
  const asked = await mailAfter(e, DEMO.signer3.email, noahBefore, new RegExp(`Certificate ${number} awaits your signature`));
  expect(asked.text).toContain('You were added as a signer');
  const link = new URL(/Review and sign: (https?:\/\/\S+)/.exec(asked.text ?? '')![1]);
  const noah = await e.browser.createBrowserContext().then((c) => c.newPage());
  await noah.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  noah.setDefaultTimeout(20_000);
  const codeBefore = await lastMailId(e, DEMO.signer3.email);
  await noah.goto(e.url(link.pathname + link.search));
  await noah.waitForSelector(byId('input-email'));
  await noah.type(byId('input-email'), DEMO.signer3.email);
  await noah.type(byId('input-password'), DEMO.signer3.password);
  await noah.click(byId('login-submit'));
  await noah.waitForSelector(byId('sign-review'));
  await noah.type(byId('sign-otp'), await signingCode(e, DEMO.signer3.email, codeBefore));
  if (DEMO.signer3.signaturePassword) await noah.type(byId('sign-password'), DEMO.signer3.signaturePassword);
  await noah.click(byId('sign-now'));
  await detailIs(noah, 'done');

  step('the audit trail tells the reassignment, and the dashboard no longer lists it');
  await manager.waitForSelector(row, { hidden: true });
  await manager.goto(e.url(`/views/approval/detail?id=${link.searchParams.get('id')}`));
  const audit = await (await manager.waitForSelector(byId('audit-trail')))!.evaluate((el) => el.textContent ?? '');
  expect(audit).toMatch(/added: Noah Kelly; removed: Liam Walsh/);
  expect(audit).toMatch(/sent a reminder/);
}

/**
 * Clicks Get Cert (again while the PDF is still being made) and answers the file the browser saved:
 * the API response is intercepted (status, type) and the download itself read from disk.
 */
async function getCert(page: Page, number: string): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grain-e2e-download-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  const file = path.join(dir, `certificate-${number}.pdf`);
  for (let i = 0; i < 20; i++) {
    const response = page.waitForResponse((r: HTTPResponse) => r.url().includes('format=pdf'));
    await (await page.waitForSelector(byId('btn-get-cert')))!.click();
    const r = await response;
    if (r.status() === 200) {
      expect(r.headers()['content-type']).toBe('application/pdf');
      for (let j = 0; j < 100 && !existsSync(file); j++) await new Promise((res) => setTimeout(res, 100));
      return readFileSync(file);
    }
    if (await page.$(byId('message-dialog'))) {
      await page.keyboard.press('Escape');
      await page.waitForSelector(byId('message-dialog'), { hidden: true });
    }
    await new Promise((res) => setTimeout(res, 500));
  }
  throw new Error('Get Cert never answered a PDF');
}
