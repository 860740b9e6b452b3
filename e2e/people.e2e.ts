/// <reference lib="dom" />
/**
 * The people who assemble and sign certificates, in a real browser against the whole app:
 * - the staff member (the demo company's staff role) creates a certificate from a template and a farm
 *   record, a signer sends it back to her, she is mailed, sees that it waits for her, updates and
 *   resubmits it through the form (the grain photo's check comes from the farm record itself);
 * - a signer who opens another signer's sign link is told whose link it is and offered to switch account;
 * - a revoked certificate shows Revoked, with when and why, on the list and on its page, in en and vn.
 */
import type { Page } from 'puppeteer-core';
import { startE2E, type E2E } from './harness';
import { DEMO, byId, createFarmRecord, flow, lastMailId, mailAfter, screenshot, signIn, signingCode, step, verifyGrainImage, type Login } from './e2e-helpers';

jest.setTimeout(240_000);

const STAFF: Login & { name: string } = { email: 'staff@riverina-grain.example', password: 'Staff#2025', name: 'Chloe Nguyen' };

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const newPage = async () => {
  const page = await (await e.browser.createBrowserContext()).newPage();
  page.setDefaultTimeout(20_000);
  return page;
};
const detailIs = (p: Page, status: string) => p.waitForSelector(`[data-testid="approval-detail"][data-status="${status}"]`);
const textOf = (p: Page, testId: string) => p.$eval(byId(testId), (el) => (el.textContent ?? '').trim());

/** The signers of the demo company, by e-mail, as the create form's people list answers them. */
async function signerIds(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const info = (await (await fetch('/api/company/approval/create')).json()) as { signers: Array<{ _id: string; email: string }> };
    return Object.fromEntries(info.signers.map((s) => [s.email, s._id]));
  });
}

describe('the staff member who assembles a certificate', () => {
  it('creates it from a template, is told when it is sent back, and resubmits it through the form', async () => {
    await flow(e, 'staff', async () => {
      step('the manager keeps a one-level template: Liam signs');
      const manager = e.page;
      await signIn(e, manager, DEMO.manager);
      const ids = await signerIds(manager);
      const saved = await manager.evaluate(async (liam: string) => {
        const res = await fetch('/api/company/approvaltemplate/create', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            approvalName: 'Farm check by Liam',
            approvalLevels: [{ group: 'Farm Data Signing', signers: [liam], signatures: 1, dueInDays: 3 }],
          }),
        });
        return res.status;
      }, ids[DEMO.signer1.email]);
      expect(saved).toBe(201);

      step('Chloe (staff) creates the certificate from the template and a verified farm record');
      const staff = await newPage();
      await signIn(e, staff, STAFF);
      const farm = await createFarmRecord(staff);
      expect(await verifyGrainImage(staff, farm.id)).toBe(true);
      await staff.goto(e.url('/views/approval/create'));
      await staff.waitForSelector(byId('approval-form'));
      await staff.click(byId('load-template'));
      await (await staff.waitForSelector(byId('template-Farm check by Liam')))!.click();
      await staff.waitForSelector(byId('level-panel-2'), { hidden: true });
      await staff.type(byId('approval-name'), 'Wheat APW lot 21');
      await (await staff.waitForSelector(byId(`farm-row-${farm.number}`)))!.click();
      await staff.waitForSelector(`${byId('check-grainImage')}[data-ok="true"]`);
      await staff.click(byId('form-submit'));
      await detailIs(staff, 'signing');
      const detailUrl = staff.url();
      expect(await textOf(staff, 'waiting-for')).toBe('Waiting for Liam Walsh to sign level 1');

      step('Liam sends it back to the submitter from level 1');
      const staffMailBefore = await lastMailId(e, STAFF.email);
      const liam = await newPage();
      await signIn(e, liam, DEMO.signer1);
      await liam.goto(detailUrl);
      await (await liam.waitForSelector(byId('btn-reject')))!.click();
      await liam.waitForSelector(byId('reject-dialog'));
      expect(await liam.$eval(byId('reject-target'), (el) => (el as HTMLInputElement).value)).toBe('0'); // the submitter, by default
      await liam.type(byId('reject-reason'), 'The moisture reading is missing its lab slip');
      await screenshot(liam, 'people-01-send-back');
      await liam.click(byId('reject-submit'));
      await detailIs(liam, 'rejected');

      step('Chloe is mailed, and her page says it waits for her');
      const mail = await mailAfter(e, STAFF.email, staffMailBefore, /back to the submitter/);
      expect(mail.text).toContain('The moisture reading is missing its lab slip');
      await detailIs(staff, 'rejected');
      await staff.waitForFunction(
        (sel) => document.querySelector(sel)?.textContent === 'Waiting for Chloe Nguyen to update and resubmit it',
        {},
        byId('waiting-for'),
      );
      // the signer who had opened it is no longer shown as having opened it: he is asked again after the resubmit
      expect(await staff.$$eval('[data-testid="step-level-1"] [data-step]', (els) => els.map((el) => el.getAttribute('data-step')))).toEqual(['waiting']);
      expect(await textOf(staff, 'rejection-banner')).toMatch(/Liam Walsh sent this certificate back to the submitter from level 1/);
      await screenshot(staff, 'people-02-waits-for-submitter');

      step('Chloe updates and resubmits through the form: the grain photo is verified, so nothing blocks it');
      await (await staff.waitForSelector(byId('btn-edit')))!.click();
      await staff.waitForSelector(byId('approval-form'));
      await staff.waitForSelector(`${byId('check-grainImage')}[data-ok="true"]`, { timeout: 10_000 });
      await staff.click(byId('form-submit'));
      await detailIs(staff, 'signing');
      expect(await staff.$(byId('message-dialog'))).toBeNull();
      expect(await textOf(staff, 'waiting-for')).toBe('Waiting for Liam Walsh to sign level 1');
      await screenshot(staff, 'people-03-resubmitted');
    });
  });

  it('a submit without a verified grain photo names the field to put right', async () => {
    await flow(e, 'unverified', async () => {
      const staff = await newPage();
      await signIn(e, staff, STAFF);
      const farm = await createFarmRecord(staff); // its photo never verified
      await staff.goto(e.url('/views/approval/create'));
      await staff.waitForSelector(byId('approval-form'));
      await staff.click(byId('load-template')); // the manager's template of the test above: Liam signs
      await (await staff.waitForSelector(byId('template-Farm check by Liam')))!.click();
      await staff.waitForSelector(byId('level-panel-2'), { hidden: true });
      await staff.type(byId('approval-name'), 'Barley lot 5');
      await (await staff.waitForSelector(byId(`farm-row-${farm.number}`)))!.click();
      await staff.waitForSelector(`${byId('check-grainImage')}[data-ok="false"]`);
      await staff.click(byId('form-submit'));
      const dialog = await staff.waitForSelector(byId('message-dialog'));
      expect(await dialog!.evaluate((el) => el.textContent)).toMatch(/grain photo of the farm record is not verified/i);
    });
  });
});

/** A one-level certificate waiting for Liam, submitted through the API by the signed-in manager of `page`. */
async function submitForLiam(page: Page, name: string): Promise<{ id: string; number: string; levelId: string }> {
  const farm = await createFarmRecord(page);
  expect(await verifyGrainImage(page, farm.id)).toBe(true);
  const liam = (await signerIds(page))[DEMO.signer1.email];
  return page.evaluate(
    async (farmId, signer, approvalName) => {
      const info = (await (await fetch('/api/company/approval/create')).json()) as { approvalNumber: string };
      const res = await fetch('/api/company/approval/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          approvalNumber: info.approvalNumber,
          approvalName,
          approvalDoc: { _id: farmId },
          supportDocs: [],
          approvalLevels: [
            { group: 'Farm Data Signing', signers: [signer], signatures: 1, deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
          ],
          status: 'signing',
        }),
      });
      const body = (await res.json()) as { approval: { _id: string; approvalNumber: string; approvalLevels: Array<{ _id: string }> } };
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
      return { id: body.approval._id, number: body.approval.approvalNumber, levelId: body.approval.approvalLevels[0]._id };
    },
    farm.id,
    liam,
    name,
  );
}

/** Whether the element is wholly inside the window and not covered at its centre. */
const inView = (p: Page, testId: string) =>
  p.$eval(byId(testId), (el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && !!top && el.contains(top);
  });

describe('a sign link', () => {
  it('opened by another signer says whose it is and switches account; a wrong code on a phone shows where the eye is', async () => {
    await flow(e, 'sign-link', async () => {
      step('the manager submits a certificate for Liam');
      const manager = await newPage();
      await signIn(e, manager, DEMO.manager);
      const cert = await submitForLiam(manager, 'Barley lot 9');
      const link = `/views/approval/detail?id=${cert.id}&sign=1`;

      step("Mia, signed in, opens Liam's link: it says whose it is");
      const phone = await newPage();
      await signIn(e, phone, DEMO.signer2);
      await phone.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await phone.goto(e.url(link));
      const hint = await phone.waitForSelector(byId('sign-link-other'));
      expect(await hint!.evaluate((el) => el.textContent)).toMatch(/This sign link is for Liam Walsh \(level 1\)\. You are signed in as Mia Tran/);
      expect(await phone.$(byId('sign-dialog'))).toBeNull();
      await screenshot(phone, 'people-04-sign-link-other-phone');

      step('she switches account; Liam signs in and lands in the sign dialog');
      const codeBefore = await lastMailId(e, DEMO.signer1.email);
      await phone.click(byId('switch-account'));
      await phone.waitForSelector(byId('input-email'));
      await phone.type(byId('input-email'), DEMO.signer1.email);
      await phone.type(byId('input-password'), DEMO.signer1.password);
      await phone.click(byId('login-submit'));
      await phone.waitForSelector(byId('sign-review'));
      await signingCode(e, DEMO.signer1.email, codeBefore); // his code was mailed

      step('a wrong code: the refusal is in view on the phone, beside the button');
      await phone.type(byId('sign-otp'), '000000');
      await phone.type(byId('sign-password'), DEMO.signer1.signaturePassword!);
      await phone.click(byId('sign-now'));
      await phone.waitForSelector(byId('sign-error'), { visible: true });
      await new Promise((r) => setTimeout(r, 300));
      expect(await inView(phone, 'sign-error')).toBe(true);
      expect(await textOf(phone, 'sign-error')).toMatch(/code/i);
      await screenshot(phone, 'people-05-wrong-code-phone');
    });
  });
});

describe('a revoked certificate', () => {
  it('shows Revoked, with when and why, on the list and on its page, in en and vn', async () => {
    await flow(e, 'revoked', async () => {
      step('a certificate is issued: Liam signs it');
      const manager = await newPage();
      await signIn(e, manager, DEMO.manager);
      const cert = await submitForLiam(manager, 'Canola lot 4');
      const liam = await newPage();
      await signIn(e, liam, DEMO.signer1);
      const before = await lastMailId(e, DEMO.signer1.email);
      await liam.evaluate(async (c) => {
        await fetch(`/api/company/approvallevel/${c.levelId}/code`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ approval: c.id }),
        });
      }, cert);
      const otp = await signingCode(e, DEMO.signer1.email, before);
      const signed = await liam.evaluate(
        async (c, code, password) => {
          const res = await fetch(`/api/company/approvallevel/${c.levelId}/sign`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ approval: c.id, otp: code, signaturePassword: password }),
          });
          return res.status;
        },
        cert,
        otp,
        DEMO.signer1.signaturePassword!,
      );
      expect(signed).toBe(200);

      step('the admin revokes it');
      const admin = await newPage();
      await signIn(e, admin, DEMO.admin);
      await admin.goto(e.url(`/views/approval/detail?id=${cert.id}`));
      await detailIs(admin, 'done');
      // the last sign answers before the PDF is made; Revoke is offered once it is (the page updates itself)
      await admin.waitForSelector(byId('btn-revoke'), { timeout: 30_000 });
      const revoked = await admin.evaluate(async (id) => {
        const res = await fetch(`/api/company/approval/${id}/revoke`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ reason: 'Lab result withdrawn' }),
        });
        return res.status;
      }, cert.id);
      expect(revoked).toBe(200);

      for (const [lang, chip, line] of [
        ['en', 'Revoked', /^Revoked on \d\d\/\d\d\/\d{4}: Lab result withdrawn$/],
        ['vn', 'Đã thu hồi', /^Đã thu hồi ngày \d\d\/\d\d\/\d{4}: Lab result withdrawn$/],
      ] as const) {
        step(`the list and the page say Revoked (${lang})`);
        await manager.evaluate((l) => localStorage.setItem('lang', l), lang);
        await manager.goto(e.url('/views/approval/list'));
        await (await manager.waitForSelector(byId('toggle-approved')))!.click();
        const card = byId(`approval-card-${cert.number}`);
        await manager.waitForSelector(card);
        expect(await manager.$eval(`${card} ${byId('status-badge')}`, (el) => el.textContent)).toBe(chip);
        expect(await manager.$eval(`${card} ${byId('card-revoked')}`, (el) => el.textContent)).toMatch(line);
        await screenshot(manager, `people-06-revoked-list-${lang}`);
        await manager.goto(e.url(`/views/approval/detail?id=${cert.id}`));
        await detailIs(manager, 'done');
        expect(await textOf(manager, 'detail-status')).toBe(chip);
        expect(await textOf(manager, 'revoked-banner')).toContain('Lab result withdrawn');
        await screenshot(manager, `people-07-revoked-detail-${lang}`);
      }
    });
  });
});
