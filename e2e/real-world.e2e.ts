/// <reference lib="dom" />
/**
 * Real companies, real people (issue 27) in a real browser against the whole app: the forms take the
 * names, company names, addresses and phones Australian and Vietnamese businesses write, and refuse what
 * cannot be, with the message under the field (en, and vn); a production date of 15/11/2099 is refused
 * by hand and in a CSV; one's own new e-mail address waits for its confirmation link.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { message, type MessageCode } from '@grain/domain';
import { createStores } from '@grain/persistence';
import { ADDRESSES, COMPANY_NAMES, GROUP_NAMES, PERSON_NAMES, PHONES } from '../domain/src/testing/real-world';
import { startE2E, type E2E } from './harness';
import { byId, flow, screenshot, step } from './e2e-helpers';

jest.setTimeout(420_000);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
}, 120_000);
afterAll(() => e?.close());

const stamp = Date.now().toString(36);
const FOUNDER = { email: `siobhan-${stamp}@wimmera-grain.example`, password: 'Harvest#2025', first: 'Siobhan', last: "O'Brien" };

async function type(page: Page, name: string, value: string) {
  const input = await page.waitForSelector(byId(`input-${name}`));
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await input!.type(value);
}
/** Picks `value` in an MUI select made by FormKit's SelectInput. */
async function choose(page: Page, name: string, value: string) {
  await (await page.waitForSelector(`#field-${name}`))!.click();
  await (await page.waitForSelector(`li[role="option"][data-value="${value}"]`))!.click();
  await page.waitForSelector('li[role="option"]', { hidden: true });
}
/** The message under a field ('' when it has none), once the form has looked at it. */
async function fieldError(page: Page, name: string): Promise<string> {
  await page.$eval(byId(`input-${name}`), (el) => (el as HTMLInputElement).blur());
  await new Promise((r) => setTimeout(r, 150));
  return page.$eval(`#field-${name}`, (el) => {
    const root = el.closest('.MuiFormControl-root');
    const error = root?.querySelector('.MuiFormHelperText-root.Mui-error');
    return error?.textContent ?? '';
  });
}
async function expectFieldError(page: Page, name: string, code: MessageCode | null, lang: 'en' | 'vn' = 'en') {
  expect([name, await fieldError(page, name)]).toEqual([name, code ? message(code, lang) : '']);
}
/**
 * The newest mail to `to` matching `re`, read from the app's own mail store: the dev mailbox shows the
 * demo company's mail only, and these people are of another company (or of none yet).
 */
async function mailTo(to: string, re: RegExp, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const hit = (await createStores(e.server.db.knex).mail.list({ to })).find((m) => re.test(m.text ?? ''));
    if (hit) return hit.text ?? '';
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${re}`);
}
const api = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async (m, u, b) => {
      const r = await fetch(u, { method: m, headers: { 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: r.status, body: (await r.json()) as any };
    },
    method,
    url,
    body,
  );

describe('real companies and real people in the browser', () => {
  it('registers, founds the company with its address and phone, adds people, groups and addresses as they are written', async () => {
    const page = e.page;
    await flow(
      e,
      'real-world-accounts',
      async () => {
        step('register: refused names say why under the field, in en and vn');
        await page.goto(e.url('/views/adminSignup'));
        await (await page.waitForSelector(byId('terms-agree')))!.click();
        await page.waitForSelector(byId('terms-dialog'), { hidden: true });
        for (const n of PERSON_NAMES) {
          await type(page, 'firstname', n.value);
          await expectFieldError(page, 'firstname', n.refused);
        }
        await type(page, 'phone', '12345');
        await expectFieldError(page, 'phone', 'INVALID_PHONE');
        await page.evaluate(() => localStorage.setItem('lang', 'vn'));
        await page.reload();
        await (await page.waitForSelector(byId('terms-agree')))!.click();
        await page.waitForSelector(byId('terms-dialog'), { hidden: true });
        await type(page, 'lastname', 'R2-D2');
        await expectFieldError(page, 'lastname', 'INVALID_NAME', 'vn');
        // in Vietnamese, a number without its country code is read as a Vietnamese one
        await type(page, 'phone', '0912 345 678');
        await expectFieldError(page, 'phone', null, 'vn');
        await page.evaluate(() => localStorage.setItem('lang', 'en'));
        await page.reload();
        await (await page.waitForSelector(byId('terms-agree')))!.click();
        await page.waitForSelector(byId('terms-dialog'), { hidden: true });

        step("register: Siobhan O'Brien, with an Australian phone as people type it");
        await type(page, 'email', FOUNDER.email);
        await type(page, 'password', FOUNDER.password);
        await type(page, 'confirmPassword', FOUNDER.password);
        await type(page, 'firstname', FOUNDER.first);
        await type(page, 'lastname', FOUNDER.last);
        await type(page, 'phone', '0412 345 678');
        await screenshot(page, 'rw-01-register');
        await page.click(byId('register-submit'));
        await page.waitForFunction(() => location.pathname === '/views/company/create');
        const me = await api(page, 'GET', '/api/auth/current_user');
        expect(me.body.user).toMatchObject({ firstname: 'Siobhan', lastname: "O'Brien", phone: '+61412345678' });

        step('company: refused name and a Vietnamese mobile for an Australian address say why');
        await type(page, 'name', '&&&');
        await expectFieldError(page, 'name', 'INVALID_COMPANY_NAME');
        await type(page, 'tfn', '51 824 753 557');
        await expectFieldError(page, 'tfn', 'INVALID_ABN');

        step("company: a new Australian address from the dialog (Unit 3/14 O'Connell St., St. Arnaud VIC 3478)");
        await page.click(byId('add-address'));
        await page.waitForSelector(byId('new-address-dialog'));
        const au = ADDRESSES[0].address;
        await type(page, 'street', au.street);
        await type(page, 'suburb', au.suburb);
        await choose(page, 'state', 'NSW');
        await type(page, 'postcode', au.postcode!);
        // 3478 is a Victorian postcode: the form says so under the field before anything is sent
        await expectFieldError(page, 'postcode', 'POSTCODE_NOT_IN_STATE');
        await choose(page, 'state', 'VIC');
        await page.click(byId('new-address-submit'));
        await page.waitForSelector(byId('new-address-dialog'), { hidden: true });

        step('company: Smith & Sons Grain Pty. Ltd., its ABN and its phone as people type them');
        await type(page, 'name', COMPANY_NAMES[0].value);
        await type(page, 'tfn', '51 824 753 556');
        await type(page, 'email', `office-${stamp}@wimmera-grain.example`);
        await type(page, 'phone', '0912 345 678');
        await expectFieldError(page, 'phone', 'INVALID_PHONE'); // a Vietnamese mobile, typed without +84, at an Australian address
        await type(page, 'phone', '+61 3 5495 1234');
        await screenshot(page, 'rw-02-company');
        await page.click(byId('company-submit'));
        await page.waitForSelector(`${byId('company-detail')} ${byId('company-name')}`);
        const shown = async (id: string) => page.$eval(byId(id), (el) => el.textContent ?? '');
        expect(await shown('company-name')).toBe('Smith & Sons Grain Pty. Ltd.');
        expect(await shown('company-tfn')).toBe('51 824 753 556');
        expect(await shown('company-phone')).toBe('(03) 5495 1234');
        expect(await shown('company-address')).toBe("Unit 3/14 O'Connell St., St. Arnaud VIC 3478, Australia");
        await screenshot(page, 'rw-03-company-detail');

        step('addresses: a Vietnamese address asks for its province');
        await page.goto(e.url('/views/address/create'));
        await choose(page, 'country', 'Vietnam');
        const vn = ADDRESSES[2].address;
        await type(page, 'street', vn.street);
        await type(page, 'suburb', vn.suburb);
        await page.click(byId('address-submit'));
        await page.waitForFunction((m) => document.body.textContent?.includes(m), {}, message('PROVINCE_REQUIRED'));
        await type(page, 'province', vn.province!);
        await page.click(byId('address-submit'));
        await page.waitForFunction(() => location.pathname === '/views/address/detail');
        await page.waitForFunction(() => document.body.textContent?.includes('12 Đường 30/4') && document.body.textContent?.includes('Cần Thơ'));
        await screenshot(page, 'rw-04-addresses');

        step('groups: QA & Compliance (Wheat) is taken, punctuation alone is not');
        for (const g of GROUP_NAMES) {
          await page.goto(e.url('/views/group/create'));
          await type(page, 'groupName', g.value);
          if (g.refused) await expectFieldError(page, 'groupName', g.refused);
          else {
            await page.click(byId('group-submit'));
            await page.waitForSelector(byId(`group-row-${g.value}`));
          }
        }

        step("users: the people's names of the table, refused ones with their message, accepted ones listed");
        for (const [i, n] of PERSON_NAMES.entries()) {
          await page.goto(e.url('/views/user/create'));
          await type(page, 'lastname', n.value);
          if (n.refused) {
            await expectFieldError(page, 'lastname', n.refused);
            continue;
          }
          await type(page, 'email', `person${i}-${stamp}@wimmera-grain.example`);
          await type(page, 'password', 'Harvest#2025');
          await type(page, 'confirmPassword', 'Harvest#2025');
          await type(page, 'firstname', 'Pat');
          const phone = PHONES.filter((p) => p.country === 'AU' && p.e164)[i % 4];
          await type(page, 'phone', phone.typed);
          await choose(page, 'role', 'admin');
          await page.click(byId('user-submit'));
          await page.waitForFunction(() => location.pathname === '/views/user/list');
        }
        const users = (await api(page, 'GET', '/api/company/users?page=1&pageSize=50')).body.user_list as Array<{ lastname: string; phone: string }>;
        const accepted = PERSON_NAMES.filter((n) => !n.refused).map((n) => n.value);
        expect(users.map((u) => u.lastname)).toEqual(expect.arrayContaining(accepted));
        // the list shows each phone as the company's people write it, another country's with its code
        await page.goto(e.url('/views/user/list'));
        await page.waitForFunction(() => document.body.textContent?.includes('+84 912 345 678') && document.body.textContent?.includes('(03) 5495 1234'));
        await screenshot(page, 'rw-05-users');
      },
      380_000,
    );
  });

  it('refuses 15/11/2099 by hand and in a CSV, saying why', async () => {
    const page = e.page;
    await flow(e, 'real-world-dates', async () => {
      step('by hand');
      await page.goto(e.url('/views/farmdata/harvesting/create'));
      const typeFarm = async (testId: string, text: string) => {
        const el = await page.waitForSelector(byId(testId));
        await el!.click({ count: 3 });
        await el!.type(text);
      };
      await typeFarm('farm-storageLocation', 'Silo 3, St. Arnaud');
      await typeFarm('farm-quantity', '120');
      await typeFarm('farm-protein', '11.5');
      await typeFarm('farm-moisture', '11');
      await typeFarm('farm-productionDate', '15/11/2099');
      await page.click(byId('farm-submit'));
      await page.waitForFunction((m) => document.body.textContent?.includes(m), {}, message('PRODUCTION_DATE_IN_FUTURE'));
      expect(await page.evaluate(() => location.pathname)).toBe('/views/farmdata/harvesting/create');
      await screenshot(page, 'rw-06-farm-2099');

      step('in a CSV');
      const dir = mkdtempSync(path.join(tmpdir(), 'grain-rw-'));
      const file = path.join(dir, 'harvest.csv');
      writeFileSync(
        file,
        [
          'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate',
          '1,Wheat,APW,Silo 3,120,11.5,11,01/11/2026',
          '2,Barley,AH,Shed 2,80,10.2,10.5,15/11/2099',
        ].join('\n'),
      );
      await page.goto(e.url('/views/farmdata/harvesting/upload'));
      const input = (await page.waitForSelector(byId('csv-input'))) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
      await page.waitForSelector(byId('csv-row-bad'));
      expect(await page.$eval(byId('csv-row-bad'), (el) => el.textContent ?? '')).toContain(message('PRODUCTION_DATE_IN_FUTURE'));
      expect(await page.$eval(byId('csv-save'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
      // and the server, sent the file anyway, refuses it whole with the same message
      const sent = await page.evaluate(async (text) => {
        const form = new FormData();
        form.append('file', new Blob([text], { type: 'text/csv' }), 'harvest.csv');
        const r = await fetch('/api/farmdata/harvesting/upload', { method: 'POST', body: form });
        return { status: r.status, body: (await r.json()) as any };
      }, 'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate\n2,Barley,AH,Shed 2,80,10.2,10.5,15/11/2099\n');
      expect([sent.status, sent.body.code]).toEqual([400, 'PRODUCTION_DATE_IN_FUTURE']);
      await screenshot(page, 'rw-07-csv-2099');
    });
  });

  it("changes one's own e-mail only with the password and once the new address confirms it", async () => {
    const page = e.page;
    await flow(e, 'real-world-email', async () => {
      const me = (await api(page, 'GET', '/api/auth/current_user')).body.user;
      const next = `siobhan.obrien-${stamp}@new-farm.example`;
      step('the profile form asks for the current password once the address changes');
      await page.goto(e.url(`/views/user/update?id=${me._id}`));
      await type(page, 'email', next);
      await page.waitForSelector(byId('input-currentPassword'));
      await page.click(byId('user-submit'));
      await page.waitForFunction((m) => document.body.textContent?.includes(m), {}, message('CURRENT_PASSWORD_REQUIRED'));
      await type(page, 'currentPassword', FOUNDER.password);
      await page.click(byId('user-submit'));
      await page.waitForFunction((m) => document.body.textContent?.includes(m), {}, message('EMAIL_CHANGE_SENT'));
      expect((await api(page, 'GET', '/api/auth/current_user')).body.user.email).toBe(FOUNDER.email);
      expect(await mailTo(FOUNDER.email, /asked to change its e-mail address/)).toContain(next);

      step('the link mailed to the new address confirms it');
      const link = await mailTo(next, /confirm-email\?token=/);
      const url = /(\/views\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(link)![1];
      await page.goto(e.url(url));
      await (await page.waitForSelector(byId('confirm-email-submit')))!.click();
      await page.waitForSelector(byId('email-confirmed'));
      expect((await api(page, 'GET', '/api/auth/current_user')).body.user.email).toBe(next);
      await screenshot(page, 'rw-08-email-confirmed');
    });
  });
});
