/// <reference lib="dom" />
/**
 * Accounts in a real browser against the whole app: a founder registers (terms first),
 * creates the company, adds a user, creates the group that user's role names (granting permissions),
 * creates a digital signature, and the new user signs in and gets exactly the group's permissions.
 */
import type { HTTPResponse, Page } from 'puppeteer-core';
import { startE2E, type E2E } from './harness';
import { byId, fillInput, screenshot, signIn } from './e2e-helpers';

jest.setTimeout(180_000);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const stamp = Date.now().toString(36);
const FOUNDER = { email: `founder-${stamp}@river-grain.example`, password: 'Harvest#2025', first: 'Ava', last: 'Nguyen' };
const NEWBIE = { email: `inspector-${stamp}@river-grain.example`, password: 'Inspect#2025', first: 'Ben', last: 'Carter' };
const GROUP = 'inspector';

async function type(page: Page, name: string, value: string) {
  await page.waitForSelector(byId(`input-${name}`));
  await page.click(byId(`input-${name}`), { count: 3 });
  await page.type(byId(`input-${name}`), value);
}

/** Picks `value` in an MUI select made by FormKit's SelectInput (`input-<name>` is its hidden input). */
async function choose(page: Page, name: string, value: string) {
  await page.click(`#field-${name}`);
  await (await page.waitForSelector(`li[role="option"][data-value="${value}"]`))!.click();
  await page.waitForSelector('li[role="option"]', { hidden: true });
}

async function signOut(page: Page) {
  await page.click(byId('user-menu-button'));
  await (await page.waitForSelector(byId('logout')))!.click();
  await page.waitForFunction(() => /^\/(views\/login)?$/.test(location.pathname));
}

describe('accounts in the browser', () => {
  it('registers, creates the company, a user, a group and a signature; the new user signs in with the group permissions', async () => {
    const page = e.page;
    try {
      // --- register: the terms first, then the form; registration signs in and asks for the company
      await page.goto(e.url('/views/adminSignup'));
      await (await page.waitForSelector(byId('terms-agree')))!.click();
      await page.waitForSelector(byId('terms-dialog'), { hidden: true });
      await type(page, 'email', FOUNDER.email);
      await type(page, 'password', FOUNDER.password);
      await type(page, 'confirmPassword', FOUNDER.password);
      await type(page, 'firstname', FOUNDER.first);
      await type(page, 'lastname', FOUNDER.last);
      await type(page, 'phone', '+61412345678');
      await screenshot(page, 'acc-01-register');
      await page.click(byId('register-submit'));
      await page.waitForFunction(() => location.pathname === '/views/company/create');

      // --- before the company exists: the certificate list says to set it up first, with nothing refused
      // (it showed "Access denied" and logged a 403) and no live socket opened (it could only fail)
      const refusedEarly: string[] = [];
      const sockets: string[] = [];
      const onResponse = (r: HTTPResponse) => void (r.status() >= 400 && refusedEarly.push(`${r.status()} ${r.url()}`));
      page.on('response', onResponse);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      cdp.on('Network.webSocketCreated', (w) => sockets.push(w.url));
      await (await page.waitForSelector(`header ${byId('logo')}`))!.click(); // the logo leads home
      await page.waitForSelector(byId('company-first'));
      await screenshot(page, 'acc-01b-company-first');
      await (await page.waitForSelector(`${byId('company-first')} a`))!.click();
      await page.waitForFunction(() => location.pathname === '/views/company/create');
      expect({ refused: refusedEarly, sockets }).toEqual({ refused: [], sockets: [] });
      page.off('response', onResponse);
      await cdp.detach();

      // --- the company
      await type(page, 'tfn', '51 824 753 556');
      await type(page, 'name', 'River Grain Co');
      await type(page, 'email', `office-${stamp}@river-grain.example`);
      await type(page, 'phone', '+61298765432');
      await type(page, 'bankAccount', '123456789012');
      await type(page, 'bankName', 'ANZ');
      await type(page, 'bankBranch', 'Temora');
      await screenshot(page, 'acc-02-company');
      await page.click(byId('company-submit'));
      const name = await page.waitForSelector(`${byId('company-detail')} ${byId('company-name')}`);
      expect(await name!.evaluate((el) => el.textContent)).toContain('River Grain Co');

      // --- the group the new user's role will name, granting what an inspector needs
      await page.goto(e.url('/views/group/list'));
      await (await page.waitForSelector(byId('group-add')))!.click();
      await type(page, 'groupName', GROUP);
      for (const p of ['viewApproval', 'signApproval', 'viewDocument', 'viewInfo', 'editInfo']) await page.click(byId(`perm-${p}`));
      await screenshot(page, 'acc-03-group');
      await page.click(byId('group-submit'));
      await page.waitForSelector(byId(`group-row-${GROUP}`));

      // --- a user in that group
      await page.goto(e.url('/views/user/list'));
      await (await page.waitForSelector(byId('user-add')))!.click();
      await type(page, 'email', NEWBIE.email);
      await type(page, 'password', NEWBIE.password);
      await type(page, 'confirmPassword', NEWBIE.password);
      await type(page, 'firstname', NEWBIE.first);
      await type(page, 'lastname', NEWBIE.last);
      await type(page, 'phone', '+61400111222');
      await choose(page, 'role', GROUP);
      await screenshot(page, 'acc-04-user');
      await page.click(byId('user-submit'));
      await page.waitForFunction(() => location.pathname === '/views/user/list');
      await page.waitForFunction((n) => document.body.textContent?.includes(n), {}, `${NEWBIE.first} ${NEWBIE.last}`);

      // --- the founder's digital signature: a key pair under the signature password, a certificate by the company CA
      await page.goto(e.url('/views/signature/create'));
      await type(page, 'password', 'Seal#2025ab');
      await type(page, 'confirmPassword', 'Seal#2025ab');
      await fillInput(page, 'input-effectiveDate', new Date().toISOString().slice(0, 10));
      await page.click(byId('signature-submit'));
      const cert = await page.waitForSelector(byId('signature-certificate'));
      expect(await cert!.evaluate((el) => el.textContent)).toMatch(/BEGIN CERTIFICATE/);
      await screenshot(page, 'acc-05-signature');

      // --- the new user signs in and has the group's permissions, no more
      await signOut(page);
      await signIn(e, page, { email: NEWBIE.email, password: NEWBIE.password });
      await page.goto(e.url('/views/approval/list')); // viewApproval: the certificate list opens
      await page.waitForSelector(byId('approval-list'));
      const me = await page.$eval(byId('user-menu-button'), (el) => el.textContent ?? '');
      expect(me).toContain(NEWBIE.first);
      await page.goto(e.url('/views/user/list'));
      await page.waitForSelector(byId('access-denied')); // no viewSystem in the group: the list is not offered
      expect(await page.$(byId('user-add'))).toBeNull(); // nor the add button (no editSystem)
      const refused = await page.evaluate(
        async () =>
          (
            await fetch('/api/company/group/create', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ groupName: 'sneaky' }),
            })
          ).status,
      );
      expect(refused).toBe(403);
      await screenshot(page, 'acc-06-new-user');
    } catch (err) {
      await screenshot(page, 'acc-failed').catch(() => undefined);
      throw err;
    }
  });
});
