/// <reference lib="dom" />
/**
 * Every screen and its states audited with axe-core (the registry's engine, injected into the real
 * page) at a desk (1280×800) and on a phone (390×844), in English and Vietnamese: no serious and no
 * critical finding anywhere. Beside axe, what it does not check: on a phone every control a thumb
 * taps (buttons, links outside running text, tabs, toggles, checkboxes) is at least 44 px each way;
 * the admin's desktop navigation fits one row; the logo leads home and says so; the controls whose
 * visible text is a short code (EN/VN) or a name (the user button) are announced by that text.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { startE2E, type E2E } from './harness';
import { DEMO, byId, createFarmRecord, flow, screenshot, signIn, step, verifyGrainImage, type Login } from './e2e-helpers';

jest.setTimeout(600_000);

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = {
  390: { width: 390, height: 844, isMobile: true, hasTouch: true },
  1280: { width: 1280, height: 800 },
} as const;
type Width = keyof typeof VIEWPORTS;
type Lang = 'en' | 'vn';
type Who = 'manager' | 'signer' | 'admin' | 'visitor';

let e: E2E;
const pages: Partial<Record<Who, Page>> = {};
const ids = { signing: { en: '', vn: '' }, draft: '', rejected: '', farmId: '' };

beforeAll(async () => {
  e = await startE2E();
  const open = async (who?: Login) => {
    const page = await (await e.browser.createBrowserContext()).newPage();
    await page.setBypassCSP(true); // axe is injected as a script of the page
    if (who) await signIn(e, page, who);
    return page;
  };
  await e.page.setBypassCSP(true);
  pages.manager = e.page;
  await signIn(e, e.page, DEMO.manager);
  pages.signer = await open(DEMO.signer1);
  pages.admin = await open(DEMO.admin);
  pages.visitor = await open();
  const farms = [];
  for (let i = 0; i < 4; i++) {
    // one per certificate: a farm record backs one certificate
    const farm = await createFarmRecord(pages.manager);
    expect(await verifyGrainImage(pages.manager, farm.id)).toBe(true);
    farms.push(farm);
  }
  ids.farmId = farms[0].id;
  // two certificates waiting for Liam (one per language: the sign dialog asks for a code each time), a draft, one sent back
  const made = await pages.manager.evaluate(
    async (farmIds: string[]) => {
      const info = await (await fetch('/api/company/approval/create')).json();
      const signer = (email: string) => info.signers.find((s: { email: string }) => s.email.startsWith(email))._id as string;
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const out: string[] = [];
      for (const [i, status] of (['signing', 'signing', 'created', 'signing'] as const).entries()) {
        const res = await fetch('/api/company/approval/create', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            approvalNumber: `${Date.now()}${i}`,
            approvalName: `Wheat APW lot ${i + 1}`,
            approvalDoc: { _id: farmIds[i] },
            supportDocs: [],
            approvalLevels: [
              { group: 'Farm Data Signing', signers: [signer('signer1@')], signatures: 1, deadline: day(3) },
              { group: 'Inspection Signing', signers: [signer('signer2@'), signer('signer3@')], signatures: 1, deadline: day(7) },
            ],
            status,
          }),
        });
        if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
        out.push((await res.json()).approval._id);
      }
      return out;
    },
    farms.map((f) => f.id),
  );
  [ids.signing.en, ids.signing.vn, ids.draft, ids.rejected] = made;
  // the last one is sent back by Liam, so the submitter's page shows the sent-back notice
  const rejected = await pages.signer.evaluate(async (id: string) => {
    const res = await fetch(`/api/company/approval/${id}/reject`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ toLevel: 0, reason: 'The moisture reading is missing its lab slip' }),
    });
    return res.status;
  }, ids.rejected);
  expect(rejected).toBe(200);
}, 300_000);
afterAll(async () => e?.close());

/** Serious and critical axe findings on the page as it is now: "impact rule: count (first targets)". */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{ violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    // one main landmark on every page: where a screen reader's "skip to content" lands
    const mains = document.querySelectorAll('main, [role="main"]').length;
    const landmark = mains === 1 ? [] : [`serious one-main-landmark: ${mains} main landmarks`];
    const found = r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.length} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`);
    return [...landmark, ...found];
  });
}

/** Controls a thumb taps that are smaller than 44 px one way or the other (links inside running text excepted). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel =
      'button, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], input[type="checkbox"], input[type="radio"]';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      // MUI's checkbox and radio: the input fills its round button, which is what is tapped
      const box = (el instanceof HTMLInputElement ? el.parentElement : el) as HTMLElement;
      const r = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (box.closest('[aria-hidden="true"]')) continue;
      // a link inside running text is exempt (WCAG 2.5.8's inline exception)
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim())
        continue;
      if (r.height < 43.5 || r.width < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('data-testid') ?? el.tagName).trim().slice(0, 30);
        out.push(`${name} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return [...new Set(out)];
  });
}

async function show(page: Page, width: Width, lang: Lang, path: string, ready: string) {
  await page.bringToFront();
  await page.setViewport(VIEWPORTS[width]);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang).catch(() => undefined);
  await page.goto(e.url(path));
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await settle(page, ready);
}

async function settle(page: Page, ready: string) {
  await page.waitForSelector(ready, { visible: true });
  await page
    .waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, .MuiCircularProgress-root, [data-testid="page-loading"]'), { timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await new Promise((r) => setTimeout(r, 400)); // transitions (dialogs fade in)
}

interface Screen {
  name: string;
  who: Who;
  path: string | ((lang: Lang) => string);
  ready: string;
  /** Brings the screen into the state to audit (a dialog, a menu). */
  then?: (page: Page, width: Width) => Promise<void>;
}

const MAIN = 'main h1, main';
const SCREENS: Screen[] = [
  { name: 'login', who: 'visitor', path: '/views/login', ready: byId('login-submit') },
  { name: 'register', who: 'visitor', path: '/views/register', ready: byId('register-submit') },
  { name: 'reset-password', who: 'visitor', path: '/views/resetpassword', ready: byId('reset-submit') },
  { name: 'verify', who: 'visitor', path: '/views/verify', ready: byId('verify-submit') },
  { name: 'not-found', who: 'visitor', path: '/views/nowhere', ready: byId('not-found') },
  { name: 'list', who: 'manager', path: '/views/approval/list', ready: byId('approval-list') },
  {
    name: 'list-user-menu',
    who: 'manager',
    path: '/views/approval/list',
    ready: byId('approval-list'),
    then: async (page) => {
      await page.click(byId('user-menu-button'));
      await page.waitForSelector(byId('logout'), { visible: true });
    },
  },
  {
    name: 'list-drawer',
    who: 'manager',
    path: '/views/approval/list',
    ready: byId('approval-list'),
    then: async (page, width) => {
      if (width !== 390) return;
      await page.click(byId('mobile-menu-button'));
      await page.waitForSelector(byId('mobile-menu'), { visible: true });
    },
  },
  { name: 'inbox', who: 'signer', path: '/views/approval/inbox', ready: MAIN },
  { name: 'create', who: 'manager', path: '/views/approval/create', ready: byId('approval-number') },
  {
    name: 'create-refused',
    who: 'manager',
    path: '/views/approval/create',
    ready: byId('approval-number'),
    then: async (page) => {
      await page.click(byId('form-submit'));
      await page.waitForSelector('[role="dialog"]', { visible: true });
    },
  },
  { name: 'update', who: 'manager', path: () => `/views/approval/update?id=${ids.draft}`, ready: byId('approval-number') },
  { name: 'detail-submitter', who: 'manager', path: (l) => `/views/approval/detail?id=${ids.signing[l]}`, ready: byId('approval-detail') },
  { name: 'detail-sent-back', who: 'manager', path: () => `/views/approval/detail?id=${ids.rejected}`, ready: byId('approval-detail') },
  { name: 'detail-signer', who: 'signer', path: (l) => `/views/approval/detail?id=${ids.signing[l]}`, ready: byId('btn-approve') },
  {
    name: 'sign-dialog',
    who: 'signer',
    path: (l) => `/views/approval/detail?id=${ids.signing[l]}`,
    ready: byId('btn-approve'),
    then: async (page) => {
      await page.click(byId('btn-approve'));
      await page.waitForSelector(byId('sign-otp'), { visible: true });
    },
  },
  {
    name: 'reject-dialog',
    who: 'signer',
    path: (l) => `/views/approval/detail?id=${ids.signing[l]}`,
    ready: byId('btn-reject'),
    then: async (page) => {
      await page.click(byId('btn-reject'));
      await page.waitForSelector(byId('reject-reason'), { visible: true });
    },
  },
  {
    name: 'delegate-dialog',
    who: 'signer',
    path: (l) => `/views/approval/detail?id=${ids.signing[l]}`,
    ready: byId('btn-delegate'),
    then: async (page) => {
      await page.click(byId('btn-delegate'));
      await page.waitForSelector(byId('delegate-search'), { visible: true });
    },
  },
  { name: 'templates', who: 'manager', path: '/views/template/list', ready: MAIN },
  { name: 'overdue', who: 'manager', path: '/views/approval/overdue', ready: MAIN },
  { name: 'farm-list', who: 'manager', path: '/views/farmdata/harvesting/list', ready: MAIN },
  { name: 'farm-create', who: 'manager', path: '/views/farmdata/harvesting/create', ready: MAIN },
  { name: 'farm-upload', who: 'manager', path: '/views/farmdata/harvesting/upload', ready: MAIN },
  { name: 'farm-streaming', who: 'manager', path: '/views/farmdata/harvesting/streaming', ready: MAIN },
  { name: 'image-validation', who: 'manager', path: () => `/imagevalidation?id=${ids.farmId}`, ready: MAIN },
  { name: 'documents', who: 'manager', path: '/views/document/list', ready: MAIN },
  { name: 'document-create', who: 'manager', path: '/views/document/create', ready: MAIN },
  { name: 'policy', who: 'manager', path: '/views/policy/list', ready: MAIN },
  { name: 'compliance', who: 'manager', path: '/views/compliance/list', ready: MAIN },
  { name: 'compliance-create', who: 'manager', path: '/views/compliance/create', ready: MAIN },
  { name: 'blockchain', who: 'manager', path: '/views/blockchain', ready: MAIN },
  { name: 'users', who: 'admin', path: '/views/user/list', ready: byId('user-list') },
  { name: 'user-create', who: 'admin', path: '/views/user/create', ready: byId('user-submit') },
  { name: 'my-profile', who: 'signer', path: '/views/user/detail', ready: byId('user-detail') },
  { name: 'password', who: 'signer', path: '/views/user/update_password', ready: byId('password-submit') },
  { name: 'groups', who: 'admin', path: '/views/group/list', ready: byId('group-list') },
  { name: 'group-create', who: 'admin', path: '/views/group/create', ready: byId('group-submit') },
  { name: 'company', who: 'admin', path: '/views/company/detail', ready: byId('company-detail') },
  { name: 'company-update', who: 'admin', path: '/views/company/update', ready: byId('company-submit') },
  { name: 'address', who: 'admin', path: '/views/address/detail', ready: byId('address-detail') },
  { name: 'signature', who: 'signer', path: '/views/signature/detail', ready: byId('signature-detail') },
  { name: 'dev-mailbox', who: 'admin', path: '/dev/mailbox', ready: 'h1' },
];

async function auditAll(width: Width, lang: Lang) {
  const findings: Record<string, string[]> = {};
  const small: Record<string, string[]> = {};
  for (const s of SCREENS) {
    step(`${s.name} ${width} ${lang}`);
    const page = pages[s.who]!;
    await show(page, width, lang, typeof s.path === 'function' ? s.path(lang) : s.path, s.ready);
    if (s.then) {
      await s.then(page, width);
      await settle(page, 'body');
    }
    await screenshot(page, `a11y-${s.name}-${width}-${lang}`);
    const found = await axeFindings(page);
    if (found.length) findings[s.name] = found;
    if (width === 390) {
      const tiny = await smallTargets(page);
      if (tiny.length) small[s.name] = tiny;
    }
    if (s.then) await page.keyboard.press('Escape');
  }
  expect({ width, lang, findings, under44px: small }).toEqual({ width, lang, findings: {}, under44px: {} });
}

describe.each([1280, 390] as const)('every screen at %i px', (width) => {
  it.each(['en', 'vn'] as const)('in %s: axe finds nothing serious or critical', async (lang) => {
    await flow(e, `a11y-${width}-${lang}`, () => auditAll(width, lang), 400_000);
  });
});

describe('the top bar', () => {
  it('the admin desktop tabs fit one row, all in view; the logo leads home; EN/VN and the user button are named by what they show', async () => {
    await flow(e, 'a11y-top-bar', async () => {
      const admin = pages.admin!;
      await show(admin, 1280, 'en', '/views/user/list', byId('user-list'));
      const rows = await admin.$$eval('header [role="tablist"]', (lists) => lists.length);
      expect(rows).toBe(1);
      const tabsTop = await admin.$$eval('header [role="tab"]', (tabs) => [...new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top)))]);
      expect(tabsTop).toHaveLength(1);
      // the admin's ten tabs take a row of their own under the logo at 1280 px (nine fit beside it: TopBar's
      // tabsFitFrom), all in view: none cut off at the right edge, none scrolled away
      const logoBottom = await admin.$eval(byId('logo'), (el) => Math.round(el.getBoundingClientRect().bottom));
      expect(tabsTop[0]).toBeGreaterThanOrEqual(logoBottom);
      const rightmost = await admin.$$eval('header [role="tab"]', (tabs) => Math.max(...tabs.map((t) => t.getBoundingClientRect().right)));
      expect(rightmost).toBeLessThanOrEqual(1280);
      expect(await admin.$eval(byId('logo'), (el) => el.getAttribute('href'))).toBe('/views/approval/list');
      const names = await admin.evaluate(() =>
        ['logo', 'lang-en', 'lang-vn', 'user-menu-button'].map((id) => {
          const el = document.querySelector(`[data-testid="${id}"]`) as HTMLElement;
          return { id, label: el.getAttribute('aria-label'), text: el.innerText.trim() };
        }),
      );
      // the accessible name starts with the visible text (WCAG 2.5.3): a voice user says what they see
      for (const n of names) expect({ id: n.id, ok: !n.label || n.label.toLowerCase().startsWith(n.text.toLowerCase()) }).toEqual({ id: n.id, ok: true });
      await screenshot(admin, 'a11y-top-bar-admin-1280');
    });
  });
});
