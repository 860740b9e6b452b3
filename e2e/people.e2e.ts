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
      await staff.type(byId('approval-name'), 'Barley lot 5');
      await (await staff.waitForSelector(byId(`farm-row-${farm.number}`)))!.click();
      await staff.click(byId('form-submit'));
      const dialog = await staff.waitForSelector(byId('message-dialog'));
      expect(await dialog!.evaluate((el) => el.textContent)).toMatch(/grain photo of the farm record is not verified/i);
    });
  });
});
