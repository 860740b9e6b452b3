/**
 * Corrective actions in a real Chromium at phone width (390×844) against the whole app (real Temporal
 * workflows, rule-based auditor, SMTP catcher): an audit with findings is made over the API, then in the
 * browser the manager turns a finding into an action for the staff member; the owner starts it, adds a
 * photo as evidence and submits the fix; the verifier (a signer) finds it under "Waiting for me", reopens
 * it with a reason; the owner fixes again; the verifier verifies it and the audit's page shows it closed.
 * Screenshots of each step go to E2E_SCREENSHOTS (default /tmp) as e2e-ca-*.png.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { COMPLIANCE_KINDS } from '@grain/domain';
import { buildDocx, deficientSamples, samplePng } from '@grain/adapters/testing';
import { startE2E, type E2E } from './harness';
import { byId, DEMO, flow, mailAfter, screenshot, signIn, step, type Login } from './e2e-helpers';

/** Phone width. Not puppeteer's isMobile emulation: under it a click on a button far down the page reached nothing (el.click() did). */
const PHONE = { width: 390, height: 844, deviceScaleFactor: 1 };
const STAFF: Login = { email: 'staff@riverina-grain.example', password: 'Staff#2025' };

describe('corrective actions at phone width', () => {
  let e: E2E;
  let complianceId = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'grain-e2e-ca-'));
  const photo = path.join(dir, 'silo-cleaned.png');

  /** The API as `who`, over its own session (the browser's sign-ins do not matter). */
  async function apiAs(who: Login) {
    const res = await fetch(e.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: e.server.url },
      body: JSON.stringify(who),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return (p: string, init: RequestInit = {}) => fetch(e.url(p), { ...init, headers: { Origin: e.server.url, Cookie: cookie, ...(init.headers as object) } });
  }
  /** Signs `who` in (the previous user's session cookie cleared first), at phone width. */
  async function switchTo(who: Login) {
    const cdp = await e.page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    await cdp.detach();
    await signIn(e, e.page, who);
    await e.page.setViewport(PHONE);
  }
  async function asPhone(who: Login, to: string) {
    await switchTo(who);
    await e.page.goto(e.url(to));
  }
  const textOf = (sel: string) => e.page.$eval(sel, (el) => (el as HTMLElement).innerText ?? '');

  beforeAll(async () => {
    e = await startE2E();
    e.page.on('pageerror', (err) => console.error(`page error: ${String(err)}`));
    e.page.on('console', (m) => m.type() === 'error' && console.error(`page console: ${m.text()}`));
    writeFileSync(photo, samplePng(120, 80));
    // an audit with findings, over the API as the manager
    const call = await apiAs(DEMO.manager);
    complianceId = ((await (await call('/api/compliance/create')).json()) as { applicant_id: string }).applicant_id;
    const samples = deficientSamples(new Date());
    for (const k of COMPLIANCE_KINDS) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(buildDocx(samples[k.documentType]))]), `${k.segment}.docx`);
      expect((await call(`/openai/${k.segment}/${complianceId}/upload`, { method: 'POST', body: form })).status).toBe(202);
    }
    let c: any;
    for (let i = 0; i < 300; i++) {
      c = ((await (await call(`/api/compliance/${complianceId}`)).json()) as any).compliance;
      if (c.establishmentData && c.haccpPlanData && c.pestControlData && c.managementPlanData) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const body = {
      application_id: complianceId,
      establishmentData: c.establishmentData,
      haccpPlanData: c.haccpPlanData,
      pestControlData: c.pestControlData,
      managementPlanData: c.managementPlanData,
    };
    expect(
      (await call(`/api/compliance/${complianceId}/getaudit`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }))
        .status,
    ).toBe(202);
    for (let i = 0; i < 300 && c.status !== 'audited'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      c = ((await (await call(`/api/compliance/${complianceId}`)).json()) as any).compliance;
    }
    expect(c.status).toBe('audited');
  }, 180_000);
  afterAll(() => e?.close());

  it('manager makes an action; owner fixes with a photo; verifier reopens; owner fixes again; verifier verifies', async () => {
    await flow(e, 'corrective-actions', async () => {
      step('manager: the audit page lists the findings');
      await asPhone(DEMO.manager, `/views/compliance/detail?id=${complianceId}`);
      await e.page.waitForSelector(byId('ca-findings'));
      const first = await e.page.$$eval('[data-testid^="ca-pick-"]', (els) => els.map((x) => x.getAttribute('data-testid')!));
      expect(first.length).toBeGreaterThan(2);
      const index = first[0].slice('ca-pick-'.length);
      await e.page.click(`${byId(`ca-pick-${index}`)} input`);
      expect(await e.page.$eval(`${byId(`ca-pick-${index}`)} input`, (el) => (el as HTMLInputElement).checked)).toBe(true);
      const staffId = await e.page.$eval(
        byId('ca-owner-select'),
        (el) => Array.from((el as HTMLSelectElement).options).find((o) => o.text.includes('Chloe Nguyen'))!.value,
      );
      await e.page.select(byId('ca-owner-select'), staffId);
      await e.page.select(byId('ca-severity-select'), 'critical');
      expect(await e.page.$eval(byId('ca-owner-select'), (el) => (el as HTMLSelectElement).value)).toBe(staffId);
      await e.page.waitForSelector(`${byId('ca-create-selected')}:not([disabled])`);
      await e.page.evaluate(() => document.querySelector('[data-testid="ca-create-selected"]')?.scrollIntoView({ block: 'center' }));
      await screenshot(e.page, 'ca-1-manager-findings');
      // what a finger on the button's centre touches is the button (nothing lies over it)
      expect(
        await e.page.$eval(byId('ca-create-selected'), (el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return el.contains(hit) ? 'button' : `${hit?.tagName}.${hit?.className}`;
        }),
      ).toBe('button');
      const [created] = await Promise.all([
        e.page.waitForResponse((r) => r.url().endsWith('/api/corrective-actions') && r.request().method() === 'POST'),
        e.page.click(byId('ca-create-selected')),
      ]);
      expect(`${created.status()} ${await created.text()}`).toMatch(/^201 /);
      await e.page.waitForSelector(byId(`ca-finding-action-${index}`));
      expect(await textOf(byId(`ca-finding-${index}`))).toContain('Open');

      step('owner: waiting for me -> the action -> start -> photo -> fix');
      await mailAfter(e, STAFF.email, 0, /^Corrective action for you/);
      await asPhone(STAFF, '/views/corrective-actions/list');
      await e.page.waitForSelector(byId('ca-waiting-fix'));
      await screenshot(e.page, 'ca-2-owner-waiting');
      await e.page.click(`${byId('ca-waiting-fix')} [data-testid="ca-card"]`);
      await e.page.waitForSelector(byId('ca-start'));
      await screenshot(e.page, 'ca-3-owner-action');
      await e.page.click(byId('ca-start'));
      await e.page.waitForSelector(byId('ca-fix-form'));
      const input = (await e.page.waitForSelector(byId('ca-file'))) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(photo);
      await e.page.waitForSelector(byId('ca-pending-evidence'));
      await e.page.type(`${byId('ca-note')}`, 'Silo cleaned and the hygiene plan written down');
      await screenshot(e.page, 'ca-4-owner-fix-form');
      await e.page.click(byId('ca-submit-fix'));
      await e.page.waitForSelector(byId('ca-fixes'));
      expect(await textOf(byId('ca-detail'))).toContain('Fix submitted');
      expect(await textOf(byId('ca-fixes'))).toContain('silo-cleaned.png');
      const actionUrl = e.page.url();

      step('verifier: the inbox lists the fix to verify -> reopen with a reason');
      await mailAfter(e, DEMO.signer1.email, 0, /^Fix to verify/);
      await asPhone(DEMO.signer1, '/views/approval/inbox');
      await e.page.waitForSelector(byId('ca-waiting-verify'));
      await screenshot(e.page, 'ca-5-verifier-inbox');
      await e.page.click(`${byId('ca-waiting-verify')} [data-testid="ca-card"]`);
      await e.page.waitForSelector(byId('ca-reopen'));
      await e.page.click(byId('ca-reopen'));
      await e.page.type(byId('ca-reopen-reason'), 'The photo does not show the silo floor');
      await screenshot(e.page, 'ca-6-verifier-reopen');
      await e.page.click(byId('ca-reopen-confirm'));
      await e.page.waitForFunction(() => document.querySelector('[data-testid="ca-detail"]')?.textContent?.includes('Reopened'));

      step('owner: fixes again');
      await mailAfter(e, STAFF.email, 0, /^Reopened/);
      await switchTo(STAFF);
      await e.page.goto(actionUrl);
      const again = (await e.page.waitForSelector(byId('ca-file'))) as ElementHandle<HTMLInputElement>;
      await again.uploadFile(photo);
      await e.page.waitForSelector(byId('ca-pending-evidence'));
      await e.page.type(byId('ca-note'), 'Second photo shows the floor');
      await e.page.click(byId('ca-submit-fix'));
      await e.page.waitForFunction(() => document.querySelectorAll('[data-testid="ca-fix"]').length === 2);

      step('verifier: verifies; the action is closed');
      await switchTo(DEMO.signer1);
      await e.page.goto(actionUrl);
      await e.page.waitForSelector(byId('ca-verify'));
      await e.page.click(byId('ca-verify'));
      await e.page.waitForFunction(() => document.querySelector('[data-testid="ca-detail"]')?.textContent?.includes('Verified (closed)'));
      expect(await e.page.$(byId('ca-verify'))).toBeNull();
      await screenshot(e.page, 'ca-7-verified');

      step('manager: the company view and the audit page show it closed');
      await asPhone(DEMO.manager, '/views/corrective-actions/list');
      await e.page.waitForSelector(byId('ca-age-chart'));
      expect(await textOf(byId('ca-count-closed'))).toContain('1');
      await screenshot(e.page, 'ca-8-company-view');
      await e.page.goto(e.url(`/views/compliance/detail?id=${complianceId}`));
      await e.page.waitForSelector(byId(`ca-finding-action-${index}`));
      expect(await textOf(byId(`ca-finding-${index}`))).toContain('Verified');
    });
  }, 240_000);
});
