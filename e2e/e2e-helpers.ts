/// <reference lib="dom" />
/** Small browser helpers shared by the e2e files: logins, inputs, MUI pickers, the dev mailbox, screenshots. */
import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { samplePng } from '@grain/adapters/testing';
import type { E2E } from './harness';

const DOMAIN = 'riverina-grain.example';
/** The demo logins of server/src/seed.ts (SEED_DEMO_DATA=true). */
export const DEMO = {
  admin: { email: `admin@${DOMAIN}`, password: 'Admin#2025', name: 'Olivia Bennett', signaturePassword: undefined },
  manager: { email: `manager@${DOMAIN}`, password: 'Manager#2025', name: 'Jack Murray', signaturePassword: undefined },
  signer1: { email: `signer1@${DOMAIN}`, password: 'Signer1#2025', name: 'Liam Walsh', signaturePassword: 'Sign1#2025' },
  signer2: { email: `signer2@${DOMAIN}`, password: 'Signer2#2025', name: 'Mia Tran', signaturePassword: 'Sign2#2025' },
  signer3: { email: `signer3@${DOMAIN}`, password: 'Signer3#2025', name: 'Noah Kelly', signaturePassword: 'Sign3#2025' },
};
export type Login = { email: string; password: string };

export const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
export const byId = (id: string) => `[data-testid="${id}"]`;

export async function screenshot(page: Page, name: string): Promise<void> {
  // the viewport, as the user sees it (a full-page capture misplaces the fixed top bar)
  mkdirSync(SHOTS, { recursive: true });
  // as it settles: a dialog caught mid fade-in shows the page through it, which no one ever sees
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), { timeout: 5_000 }).catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/e2e-${name}.png` });
}

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(e: E2E, page: Page, who: Login): Promise<void> {
  await page.setViewport({ width: 1280, height: 900 });
  page.setDefaultTimeout(20_000);
  await page.goto(e.url('/views/login'));
  await page.waitForSelector(byId('input-email'));
  await page.type(byId('input-email'), who.email);
  await page.type(byId('input-password'), who.password);
  await page.click(byId('login-submit'));
  await page.waitForFunction(() => !/^\/(views\/login)?$/.test(location.pathname));
}

/** Sets an input's value the way typing would (works for date inputs and react-hook-form's register). */
export async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  await page.waitForSelector(byId(testId));
  await page.$eval(
    byId(testId),
    (el, v) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    value,
  );
}

/** Types into an MUI Autocomplete and clicks the option whose text contains `text`. */
export async function pickOption(page: Page, testId: string, text: string): Promise<void> {
  const input = await page.waitForSelector(byId(testId));
  await input!.click();
  await input!.type(text);
  const option = await page.waitForSelector(`::-p-xpath(//li[@role="option"][contains(., "${text}")])`);
  await option!.click();
  await page.waitForSelector('li[role="option"]', { hidden: true });
}

interface Mail {
  id: number;
  subject: string | null;
  text: string | null;
}
const mails = (e: E2E, to: string, after = 0): Promise<Mail[]> => e.mails(to, after);

/** Id of the newest mail to `to` (0 if none): later reads look only after it. */
export async function lastMailId(e: E2E, to: string): Promise<number> {
  return (await mails(e, to))[0]?.id ?? 0;
}

/** The one-time signing code mailed to `to` after mail `afterId`. */
export async function signingCode(e: E2E, to: string, afterId: number, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const m of await mails(e, to, afterId)) {
      const code = /^Signing code/.test(m.subject ?? '') ? /is (\d{6})\./.exec(m.text ?? '')?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no signing code mailed to ${to}`);
}

/** The newest mail to `to` after `afterId` whose subject or text matches `re`. */
export async function mailAfter(e: E2E, to: string, afterId: number, re: RegExp, timeoutMs = 20_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const hit = (await mails(e, to, afterId)).find((m) => re.test(m.subject ?? '') || re.test(m.text ?? ''));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${re}`);
}

/** The step a flow is at; a failing or stalled flow names it. */
let currentStep = 'start';
export function step(name: string): void {
  currentStep = name;
}

/**
 * Runs a browser flow with a watchdog (`ms` well under the test's time-out): a step that stalls without a timeout of its own (a CDP call into a
 * frozen page, a request never answered) fails after `ms` naming the step, instead of running into the
 * test's own time-out silently. On any failure every open page is photographed and the server's last log
 * lines printed.
 */
export async function flow(e: E2E, name: string, run: () => Promise<void>, ms = 150_000): Promise<void> {
  currentStep = 'start';
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: not finished after ${ms / 1000} s, stalled at step "${currentStep}"`)), ms);
  });
  try {
    await Promise.race([run(), stalled]);
  } catch (err) {
    const at = currentStep;
    const bounded = <T>(p: Promise<T>) => Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), 5_000))]);
    const pages = (await bounded(e.browser.pages())) ?? [];
    // each page to the front first: a background page never delivers the frame a screenshot waits for
    for (const [i, p] of pages.entries())
      await bounded(
        p
          .bringToFront()
          .then(() => screenshot(p, `${name}-failed-${i}`))
          .catch(() => undefined),
      );
    console.error(`${name} failed at step "${at}"; the server's last log lines:\n${e.recentLog().join('\n')}`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Creates a farm record through the farm data API as the signed-in user of `page`; answers its id and number. */
export async function createFarmRecord(page: Page): Promise<{ id: string; number: string }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/farmdata/harvesting/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grainType: 'Wheat',
        harvestGrade: 'APW',
        storageLocation: 'Silo 3, Junee',
        quantity: '860',
        protein: '11.8',
        moisture: '10.4',
        productionDate: new Date().toISOString().slice(0, 10),
      }),
    });
    const body = (await res.json()) as any;
    if (res.status !== 201) throw new Error(`farm record: ${res.status} ${JSON.stringify(body)}`);
    return { id: body.farmData._id as string, number: body.farmData.number as string };
  });
}

/** samplePng draws 200 different pictures (seeds equal modulo 200 draw the same); the verifier refuses a duplicate. */
let imageSeed = 0;

/** Uploads a grain photo to the embedded image verifier (what its /imagevalidation page does). */
export async function verifyGrainImage(page: Page, farmDataId: string): Promise<boolean> {
  const png = samplePng(640, 480, (++imageSeed % 199) + 1).toString('base64');
  return page.evaluate(
    async (id, b64) => {
      const form = new FormData();
      form.append('farm_data_id', id);
      form.append('file', new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'grain.png');
      const res = await fetch('/api/farmdata/verification/upload', { method: 'POST', body: form });
      const body = (await res.json()) as any;
      return res.ok && body['verification result']?.[0]?.verified === true;
    },
    farmDataId,
    png,
  );
}
