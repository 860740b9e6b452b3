/// <reference lib="dom" />
/**
 * The core screens on a phone (390×844) and on a desk (1280×900), in English and Vietnamese, judged
 * by what a user would notice: the page never scrolls sideways, the certificate's actions are in view
 * when its page opens, dialogs fit the screen, and every column of a table can be read without
 * sideways scrolling (on a phone a table may become cards). Each screen is photographed
 * (e2e-layout-<screen>-<width>-<lang>.png under E2E_SCREENSHOTS, /tmp by default).
 */
import type { Page } from 'puppeteer-core';
import { startE2E, type E2E } from './harness';
import { DEMO, byId, createFarmRecord, flow, screenshot, signIn, step, verifyGrainImage, type Login } from './e2e-helpers';

jest.setTimeout(240_000);

const VIEWPORTS = {
  390: { width: 390, height: 844, isMobile: true, hasTouch: true },
  1280: { width: 1280, height: 900 },
} as const;
type Width = keyof typeof VIEWPORTS;
type Lang = 'en' | 'vn';

/** Labels a user reads, per language (the UI's tables say the same; these are what the test looks for). */
const LABELS = {
  farmColumns: {
    // the record's number heads its card on a phone, and has a column of its own on a desk
    en: ['Claimed grade standard', 'Grain type', 'Harvest grade', 'Storage location', 'Quantity (tonnes)', 'Protein', 'Moisture', 'Production date'],
    vn: ['Tiêu chuẩn hạng đã khai', 'Loại hạt', 'Hạng thu hoạch', 'Nơi lưu trữ', 'Số lượng (tấn)', 'Protein', 'Độ ẩm', 'Ngày sản xuất'],
  },
  userColumns: { en: ['Email', 'Phone', 'Roles', 'Status', 'Company'], vn: ['Email', 'Số điện thoại', 'Vai trò', 'Trạng thái', 'Công ty'] },
  delegateColumns: { en: ['Position', 'View'], vn: ['Chức vụ', 'Xem'] },
};

let e: E2E;
const pages: Partial<Record<'manager' | 'signer' | 'admin', Page>> = {};
/** Two certificates at level 1 (Liam): one per language, so the sign dialog's code requests stay under the per-level limit. */
const awaiting: Record<Lang, string> = { en: '', vn: '' };
let farmNumber = '';

beforeAll(async () => {
  e = await startE2E();
  const open = async (who: Login) => {
    const page = await (await e.browser.createBrowserContext()).newPage();
    await signIn(e, page, who);
    return page;
  };
  // the harness's own page too: a page left blank in the background never finishes a screenshot
  pages.manager = e.page;
  await signIn(e, e.page, DEMO.manager);
  pages.signer = await open(DEMO.signer1);
  pages.admin = await open(DEMO.admin);
  // what the screens show: verified farm records, two certificates waiting for Liam, drafts
  const farms = [];
  for (let i = 0; i < 3; i++) {
    const farm = await createFarmRecord(pages.manager);
    expect(await verifyGrainImage(pages.manager, farm.id)).toBe(true);
    farms.push(farm);
  }
  farmNumber = farms[0].number;
  const created = await pages.manager.evaluate(
    async (farmIds: string[]) => {
      const info = await (await fetch('/api/company/approval/create')).json();
      const signer = (email: string) => info.signers.find((s: { email: string }) => s.email.startsWith(email))._id as string;
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const ids: string[] = [];
      // two waiting for Liam, and a dozen drafts: the toggles carry two-digit counts, as in a season's work
      const plan = [...farmIds, ...Array.from({ length: 11 }, () => farmIds[2])];
      for (const [i, farmId] of plan.entries()) {
        const res = await fetch('/api/company/approval/create', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            approvalNumber: `${Date.now()}${i}`,
            approvalName: `Wheat APW lot ${i + 1}, Junee silo ${i + 3}`,
            priority: 'High',
            approvalDoc: { _id: farmId },
            supportDocs: [],
            approvalLevels: [
              { group: 'Farm Data Signing', signers: [signer('signer1@')], signatures: 1, deadline: day(3) },
              { group: 'Inspection Signing', signers: [signer('signer2@'), signer('signer3@')], signatures: 1, deadline: day(7) },
            ],
            status: i < 2 ? 'signing' : 'created',
          }),
        });
        if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
        ids.push((await res.json()).approval._id);
      }
      return ids.slice(0, 2);
    },
    farms.map((f) => f.id),
  );
  [awaiting.en, awaiting.vn] = created;
});
afterAll(async () => e?.close());

async function show(page: Page, width: Width, lang: Lang, path: string, ready: string) {
  await page.bringToFront(); // a page in the background gets no animation frames
  await page.setViewport(VIEWPORTS[width]);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(e.url(path));
  await page.waitForSelector(ready, { visible: true });
  // fonts, and the layout passes after mount (MUI measures some widths then)
  await page.evaluate(() => document.fonts.ready);
  await new Promise((r) => setTimeout(r, 300));
}

/** How far the page itself scrolls sideways (0 when it fits the window). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The texts inside `selector` a user cannot read without scrolling sideways: cut by the window's edge
 * or by a clipping (overflow) ancestor, or shortened with an ellipsis.
 */
function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return [`<nothing matches ${sel}>`];
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let transparent = false; // e.g. the copy of a field's label inside its outline, there to size the notch
      for (let a: Element | null = el; a && !transparent; a = a.parentElement) transparent = getComputedStyle(a).opacity === '0';
      if (transparent) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // screen-reader-only text
      let left = 0;
      let right = document.documentElement.clientWidth;
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') {
          const ar = a.getBoundingClientRect();
          left = Math.max(left, ar.left);
          right = Math.min(right, ar.right);
        }
      }
      const ellipsis = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      if (r.left < left - 1 || r.right > right + 1 || ellipsis) out.push(text.slice(0, 40));
    }
    return out;
  }, selector);
}

/** The labels of `labels` not shown inside `selector` (as the whole text of some element). */
function missingLabels(page: Page, selector: string, labels: string[]): Promise<string[]> {
  return page.evaluate(
    (sel, wanted) => {
      const root = document.querySelector(sel);
      const texts = new Set(
        Array.from(root?.querySelectorAll('*') ?? [])
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => (el.textContent ?? '').trim()),
      );
      return wanted.filter((w) => !texts.has(w));
    },
    selector,
    labels,
  );
}

/** The values of `values` that do not show inside `selector` (its rendered text). */
function missingValues(page: Page, selector: string, values: string[]): Promise<string[]> {
  return page.evaluate(
    (sel, wanted) => {
      const text = (document.querySelector(sel) as HTMLElement | null)?.innerText ?? '';
      return wanted.filter((w) => !text.includes(w));
    },
    selector,
    values,
  );
}

/** Elements of `ids` not wholly in the window, or covered by something else at their centre. */
function notInView(page: Page, ids: string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    return wanted.filter((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) return true;
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= document.documentElement.clientWidth;
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !inside || !top || !el.contains(top);
    });
  }, ids);
}

/** The dialog's box against the window: the sides it sticks out of. */
function dialogOverflow(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const paper = document.querySelector(`${sel} .MuiDialog-paper`);
    if (!paper) return ['<no dialog>'];
    const r = paper.getBoundingClientRect();
    const w = document.documentElement.clientWidth;
    return [r.left < -1 && 'left', r.right > w + 1 && 'right', r.top < -1 && 'top', r.bottom > window.innerHeight + 1 && 'bottom'].filter(
      (x): x is string => !!x,
    );
  }, selector);
}

async function checkScreens(width: Width, lang: Lang) {
  const shot = (page: Page, name: string) => screenshot(page, `layout-${name}-${width}-${lang}`);
  const { manager, signer, admin } = pages as Required<typeof pages>;

  step('list');
  await show(manager, width, lang, '/views/approval/list', byId('approval-list'));
  await manager.waitForSelector(`${byId('approval-list')} [data-testid^="approval-card"]`);
  await shot(manager, 'list');
  expect({ screen: 'list', sideways: await sidewaysScroll(manager) }).toEqual({ screen: 'list', sideways: 0 });
  expect({ screen: 'list toggles', clipped: await clippedTexts(manager, byId('status-toggles')) }).toEqual({ screen: 'list toggles', clipped: [] });
  if (width === 1280) {
    // every tab a manager has (eight) in view, none behind the tab bar's scroll arrow
    expect({ screen: 'top bar', clipped: await clippedTexts(manager, 'header [role="tablist"]') }).toEqual({ screen: 'top bar', clipped: [] });
  }
  if (width === 390) {
    // the toggles only just fit 390 px in one row; a 360 px phone (many Androids) is where one row overflows
    await manager.setViewport({ ...VIEWPORTS[390], width: 360 });
    await new Promise((r) => setTimeout(r, 300));
    expect({ screen: 'list at 360 px', sideways: await sidewaysScroll(manager) }).toEqual({ screen: 'list at 360 px', sideways: 0 });
    // a certificate opened from down the list opens at its top (the window kept the list's scroll)
    const cards = await manager.$$(`${byId('approval-list')} [data-testid^="approval-card"]`);
    await cards.at(-1)!.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(await manager.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await cards.at(-1)!.click();
    await manager.waitForSelector(byId('approval-detail'), { visible: true });
    expect({ screen: 'detail opened from the list', scrollY: await manager.evaluate(() => window.scrollY) }).toEqual({
      screen: 'detail opened from the list',
      scrollY: 0,
    });
  }

  step('detail');
  await show(signer, width, lang, `/views/approval/detail?id=${awaiting[lang]}`, byId('approval-detail'));
  await signer.waitForSelector(byId('btn-approve'));
  await shot(signer, 'detail');
  expect({ screen: 'detail', sideways: await sidewaysScroll(signer) }).toEqual({ screen: 'detail', sideways: 0 });
  expect(await signer.evaluate(() => window.scrollY)).toBe(0);
  expect({ screen: 'detail actions', notInView: await notInView(signer, ['btn-approve', 'btn-reject', 'btn-delegate']) }).toEqual({
    screen: 'detail actions',
    notInView: [],
  });

  step('sign');
  await signer.click(byId('btn-approve'));
  await signer.waitForSelector(byId('sign-otp'), { visible: true });
  await new Promise((r) => setTimeout(r, 400)); // the dialog's fade-in
  await shot(signer, 'sign');
  expect({ screen: 'sign', outside: await dialogOverflow(signer, byId('sign-dialog')) }).toEqual({ screen: 'sign', outside: [] });
  expect({ screen: 'sign', clipped: await clippedTexts(signer, `${byId('sign-dialog')} .MuiDialog-paper`) }).toEqual({ screen: 'sign', clipped: [] });
  expect({ screen: 'sign', notInView: await notInView(signer, ['sign-now']) }).toEqual({ screen: 'sign', notInView: [] });
  await signer.keyboard.press('Escape');
  await signer.waitForSelector(byId('sign-dialog'), { hidden: true });

  step('delegate');
  await signer.click(byId('btn-delegate'));
  const search = await signer.waitForSelector(byId('delegate-search'), { visible: true });
  await search!.click();
  await search!.type('Mia');
  await (await signer.waitForSelector('::-p-xpath(//li[@role="option"][contains(., "Mia Tran")])'))!.click();
  await signer.waitForSelector(`${byId('delegate-dialog')} ${byId('delegate-chosen')}`);
  await new Promise((r) => setTimeout(r, 400));
  await shot(signer, 'delegate');
  expect({ screen: 'delegate', outside: await dialogOverflow(signer, byId('delegate-dialog')) }).toEqual({ screen: 'delegate', outside: [] });
  expect({ screen: 'delegate', clipped: await clippedTexts(signer, `${byId('delegate-dialog')} .MuiDialog-paper`) }).toEqual({
    screen: 'delegate',
    clipped: [],
  });
  expect({
    screen: 'delegate',
    missing: [
      ...(await missingLabels(signer, byId('delegate-chosen'), LABELS.delegateColumns[lang])),
      ...(await missingValues(signer, byId('delegate-chosen'), ['Mia Tran', DEMO.signer2.email])),
    ],
  }).toEqual({ screen: 'delegate', missing: [] });
  expect({ screen: 'delegate', notInView: await notInView(signer, ['delegate-submit']) }).toEqual({ screen: 'delegate', notInView: [] });
  await signer.keyboard.press('Escape');
  await signer.waitForSelector(byId('delegate-dialog'), { hidden: true });

  step('create');
  await show(manager, width, lang, '/views/approval/create', byId(`farm-row-${farmNumber}`));
  await shot(manager, 'create');
  expect({ screen: 'create', sideways: await sidewaysScroll(manager) }).toEqual({ screen: 'create', sideways: 0 });
  expect({
    screen: 'create farm data',
    missing: [
      ...(await missingLabels(manager, byId('farm-data-picker'), LABELS.farmColumns[lang])),
      ...(await missingValues(manager, byId('farm-data-picker'), [farmNumber, 'APW', 'Silo 3, Junee', '860', '11.80', '10.40'])),
    ],
  }).toEqual({
    screen: 'create farm data',
    missing: [],
  });
  expect({ screen: 'create farm data', clipped: await clippedTexts(manager, byId('farm-data-picker')) }).toEqual({
    screen: 'create farm data',
    clipped: [],
  });

  step('users');
  await show(admin, width, lang, '/views/user/list', byId(`user-edit-${DEMO.signer1.email}`));
  await shot(admin, 'users');
  expect({ screen: 'users', sideways: await sidewaysScroll(admin) }).toEqual({ screen: 'users', sideways: 0 });
  expect({
    screen: 'users',
    missing: [
      ...(await missingLabels(admin, byId('user-list'), LABELS.userColumns[lang])),
      ...(await missingValues(admin, byId('user-list'), [DEMO.signer1.email, DEMO.signer1.name])),
    ],
  }).toEqual({
    screen: 'users',
    missing: [],
  });
  expect({ screen: 'users', clipped: await clippedTexts(admin, byId('user-list')) }).toEqual({ screen: 'users', clipped: [] });
  expect({ screen: 'users menu', clipped: await clippedTexts(admin, `${byId('side-menu')}, ${byId('side-menu-row')}`) }).toEqual({
    screen: 'users menu',
    clipped: [],
  });
  // down the list on a phone: scrolled to, it must then be wholly on screen (not cut at the side)
  await admin.$eval(byId(`user-edit-${DEMO.signer1.email}`), (el) => el.scrollIntoView({ block: 'center' }));
  expect({ screen: 'users', notInView: await notInView(admin, [`user-edit-${DEMO.signer1.email}`]) }).toEqual({ screen: 'users', notInView: [] });
}

describe.each([390, 1280] as const)('the core screens at %i px', (width) => {
  it.each(['en', 'vn'] as const)('in %s: no sideways scrolling, actions in view, dialogs that fit, every column readable', async (lang) => {
    await flow(e, `layout-${width}-${lang}`, () => checkScreens(width, lang));
  });
});
