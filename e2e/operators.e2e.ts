/// <reference lib="dom" />
/**
 * Operators in the Temporal Web UI, in real Chromium against the Web UI of the test run's dev server
 * (TEMPORAL_TEST_UI_URL): a certificate is submitted in the app and signed from its page; the admin
 * follows the app's link to its workflow, whose pages log no "Could not parse payload" (every payload
 * the workflow recorded reads as JSON); the User Metadata tab names the certificate and its details
 * open with a link that brings the operator back to the certificate in the app.
 */
import net from 'node:net';
import type { Page } from 'puppeteer-core';
import { startE2E, type E2E } from './harness';
import { DEMO, byId, createFarmRecord, flow, screenshot, signIn, signingCode, lastMailId, step, verifyGrainImage } from './e2e-helpers';

jest.setTimeout(180_000);

const UI = process.env.TEMPORAL_TEST_UI_URL;
let e: E2E;

/** A free port, so the app's own address (PUBLIC_URL, the details' link) is its real one. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (!UI) throw new Error("TEMPORAL_TEST_UI_URL is not set: jest/global-setup.mjs starts the run's dev server with its Web UI and sets it");
  // the link to the Web UI (every tenant's workflows) is for the platform's operators only: here the demo admin is one
  e = await startE2E({ env: { PORT: String(await freePort()), TEMPORAL_UI_URL: UI, PLATFORM_OPERATORS: DEMO.admin.email } });
});
afterAll(async () => e?.close());

/**
 * Opens a page of the workflow in the Web UI and waits until it has read the workflow (the answer
 * it decodes payloads from) and shown it; the Web UI keeps polling, so the network never goes quiet.
 */
async function openWorkflowPage(page: Page, url: string, workflowId: string) {
  const read = page.waitForResponse((r) => r.url().includes(`/api/v1/namespaces/default/workflows/${workflowId}`) && r.status() === 200);
  await page.goto(url);
  await read;
  await page.waitForFunction(() => document.body.innerText.includes('Completed'), { timeout: 30_000 });
  await new Promise((r) => setTimeout(r, 1_000)); // its decoding and rendering after the answer
}

describe('operators in the Temporal Web UI', () => {
  it("reach a signed certificate's workflow from the app, read it without payload warnings, and come back by its link", async () => {
    await flow(e, 'operators', operatorsFlow);
  });
});

async function operatorsFlow() {
  step('the admin submits a one-level certificate');
  const admin = e.page;
  await signIn(e, admin, DEMO.admin);
  const farm = await createFarmRecord(admin);
  expect(await verifyGrainImage(admin, farm.id)).toBe(true);
  const name = 'Barley malting lot 12, Wagga silo 2';
  const { id, number } = await admin.evaluate(
    async (farmId: string, certificateName: string) => {
      const info = await (await fetch('/api/company/approval/create')).json();
      const liam = info.signers.find((s: { email: string }) => s.email.startsWith('signer1@'))._id as string;
      const res = await fetch('/api/company/approval/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          approvalNumber: `${Date.now()}`,
          approvalName: certificateName,
          priority: 'High',
          approvalDoc: { _id: farmId },
          supportDocs: [],
          approvalLevels: [
            { group: 'Farm Data Signing', signers: [liam], signatures: 1, deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
          ],
          status: 'signing',
        }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      const a = (await res.json()).approval;
      return { id: a._id as string, number: a.approvalNumber as string };
    },
    farm.id,
    name,
  );

  step('Liam signs it from its page (ledger, local activities, mails, the PDF)');
  const liam = await (await e.browser.createBrowserContext()).newPage();
  await signIn(e, liam, DEMO.signer1);
  const before = await lastMailId(e, DEMO.signer1.email);
  await liam.goto(e.url(`/views/approval/detail?id=${id}`));
  await (await liam.waitForSelector(`${byId('action-bar')} ${byId('btn-approve')}`, { visible: true }))!.click();
  await liam.type(byId('sign-otp'), await signingCode(e, DEMO.signer1.email, before));
  await liam.type(byId('sign-password'), DEMO.signer1.signaturePassword!);
  await liam.click(byId('sign-now'));
  await liam.waitForSelector(byId('sign-dialog'), { hidden: true });

  step("the admin opens the certificate's workflow from the app");
  await admin.goto(e.url(`/views/approval/detail?id=${id}`));
  await admin.waitForSelector(`${byId('approval-detail')}[data-status="done"]`, { timeout: 60_000 });
  const workflowUrl = await admin.$eval(byId('btn-temporal'), (a) => a.getAttribute('href'));
  // the workflow id reads as company, certificate number and the start of the certificate id
  const wfId = decodeURIComponent(workflowUrl!.split('/workflows/')[1] ?? '');
  expect(workflowUrl).toBe(`${UI}/namespaces/default/workflows/${encodeURIComponent(wfId)}`);
  expect(wfId).toMatch(new RegExp(`^certificate-riverina-grain-co-[a-z0-9-]+-${id.replace(/-/g, '').slice(0, 12)}$`));
  const warnings: string[] = [];
  admin.on('console', (m) => {
    if (/could not parse payload/i.test(m.text())) warnings.push(`${admin.url().replace(UI!, '')}: ${m.text().slice(0, 80)}`);
  });
  await openWorkflowPage(admin, workflowUrl!, wfId);
  await admin.waitForFunction(() => /\/history$/.test(location.pathname) && document.body.innerText.includes('generateCertificatePdf'));
  await screenshot(admin, 'temporal-ui-history');
  const run = admin.url().replace(/\/history$/, '');

  step('the workflow pages read every payload');
  // Not the Search Attributes and Memo tabs: Web UI 2.42.1 decodes those values a second time there and
  // warns once per value for any workflow (one started by the Temporal CLI with one memo field and one
  // attribute shows two warnings); the values themselves are the ones the History tab reads cleanly.
  for (const tab of ['pending-activities', 'call-stack', 'query', 'user-metadata']) {
    await openWorkflowPage(admin, `${run}/${tab}`, wfId);
  }
  expect(warnings).toEqual([]);

  step('the User Metadata tab names the certificate and links back to it');
  await screenshot(admin, 'temporal-ui-user-metadata');
  const rendered = (marker: string) => admin.frames().find((f) => f.url().includes('/render?') && decodeURIComponent(f.url()).includes(marker));
  const summary = rendered(`Certificate ${number}`);
  expect(await summary?.evaluate(() => document.body.innerText.trim())).toBe(`Certificate ${number}: ${name}`);
  const details = rendered('Open certificate');
  expect(details).toBeDefined();
  const link = await details!.$eval('a', (a) => {
    const r = a.getBoundingClientRect();
    return { href: a.getAttribute('href'), text: a.textContent, inView: r.top >= 0 && r.bottom <= window.innerHeight };
  });
  expect(link).toEqual({ href: e.url(`/views/approval/detail?id=${id}`), text: `Open certificate ${number} in the app`, inView: true });
  const opened = e.browser.waitForTarget((t) => t.url() === link.href, { timeout: 15_000 });
  await details!.click('a');
  const back = (await (await opened).page())!;
  await back.waitForSelector(`${byId('approval-detail')}[data-status="done"]`);
  expect(await back.$eval(byId('approval-title'), (el) => el.textContent)).toBe(name);
}
