/// <reference lib="dom" />
/**
 * Signing with the evidence in view (issue 28 item 6), in real Chromium at desktop (1280×800) and phone
 * (390×844) width: in the sign dialog and on the detail page, the grain photo and each support document
 * open inline as the exact versions the content hash covers (an image as <img>, a PDF in a frame of our
 * own document route — that answer, and only it, may be framed by our origin — anything else as a
 * download), the measurements stand beside the standard's limits, and a re-signer is told why it came
 * back and what changed since they signed.
 */
import type { Frame, Page } from 'puppeteer-core';
import { samplePng } from '@grain/adapters/testing';
import { startE2E, type E2E } from './harness';
import { DEMO, byId, createFarmRecord, flow, lastMailId, screenshot, signIn, signingCode, step, verifyGrainImage } from './e2e-helpers';

jest.setTimeout(300_000);

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

/** Uploads a document to the company library as the signed-in user of `page`; answers its id. */
async function upload(page: Page, name: string, type: string, bytes: Buffer): Promise<string> {
  return page.evaluate(
    async (n, t, b64) => {
      const f = new FormData();
      f.append('docType', 'report');
      f.append('file', new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], n, { type: t }));
      const r = await fetch('/api/company/document/create', { method: 'POST', body: f });
      const body = (await r.json()) as { document?: { docId?: string; _id?: string }; documents?: { docId: string } };
      if (r.status !== 201) throw new Error(`upload ${n}: ${r.status} ${JSON.stringify(body)}`);
      return body.documents!.docId;
    },
    name,
    type,
    bytes.toString('base64'),
  );
}

async function signerIds(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const info = (await (await fetch('/api/company/approval/create')).json()) as { signers: Array<{ _id: string; email: string }> };
    return Object.fromEntries(info.signers.map((s) => [s.email, s._id]));
  });
}

/** Whether an element is wider than the window, or the page scrolls sideways. */
const sideways = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** The loaded state of the previews in `root`: each image's natural width, and each frame's src. */
async function previews(p: Page, root: string) {
  return p.$eval(root, (el) => ({
    images: Array.from(el.querySelectorAll('img')).map((i) => ({ src: i.getAttribute('src'), width: i.naturalWidth })),
    frames: Array.from(el.querySelectorAll('iframe')).map((f) => f.getAttribute('src')),
    downloads: Array.from(el.querySelectorAll('[data-kind="download"] a')).map((a) => a.getAttribute('href')),
  }));
}

/** A frame of the page loaded from `src` (not Chromium's error page for a refused frame). */
async function frameLoaded(p: Page, src: string): Promise<string> {
  const until = Date.now() + 10_000;
  let seen: Frame[] = [];
  while (Date.now() < until) {
    seen = p.frames().filter((f) => f !== p.mainFrame());
    const hit = seen.find((f) => f.url().endsWith(src));
    if (hit) return hit.url();
    await new Promise((r) => setTimeout(r, 200));
  }
  return seen.map((f) => f.url()).join(', ') || 'no frame';
}

/** Signs level `levelId` as the signed-in `who` of `page` with the mailed code and the signature password; answers the status. */
async function codeSign(page: Page, who: (typeof DEMO)['signer1'], id: string, levelId: string): Promise<number> {
  const before = await lastMailId(e, who.email);
  await page.evaluate((l) => fetch(`/api/company/approvallevel/${l}/code`, { method: 'POST' }), levelId);
  const otp = await signingCode(e, who.email, before);
  return page.evaluate(
    async (c, l, code, pw) =>
      (
        await fetch(`/api/company/approvallevel/${l}/sign`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ approval: c, otp: code, signaturePassword: pw }),
        })
      ).status,
    id,
    levelId,
    otp,
    who.signaturePassword!,
  );
}

describe('the evidence a signer signs over', () => {
  it('is shown inline in the sign dialog and on the detail page, with the measurements beside their limits, at both widths', async () => {
    await flow(e, 'evidence', async () => {
      step('the manager uploads a PDF, a PNG and a CSV and submits a three-level certificate (Liam, Mia, Noah)');
      const manager = await newPage();
      await signIn(e, manager, DEMO.manager);
      const pdf = await e.server.adapters.pdf.render('<h1>Lab report</h1><p>Protein 11.8 %, moisture 10.4 %</p>');
      const docs = {
        pdf: await upload(manager, 'Lab report.pdf', 'application/pdf', Buffer.from(pdf)),
        png: await upload(manager, 'Silo photo.png', 'image/png', samplePng(320, 200, 77)),
        csv: await upload(manager, 'Moisture readings.csv', 'text/csv', Buffer.from('time,moisture\n08:00,10.4\n')),
      };
      const farm = await createFarmRecord(manager);
      expect(await verifyGrainImage(manager, farm.id)).toBe(true);
      const ids = await signerIds(manager);
      const cert = await manager.evaluate(
        async (farmId, supportDocs, liam, mia, noah) => {
          const info = (await (await fetch('/api/company/approval/create')).json()) as { approvalNumber: string };
          const due = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
          const res = await fetch('/api/company/approval/create', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              approvalNumber: info.approvalNumber,
              approvalName: 'Wheat APW lot 41',
              approvalDoc: { _id: farmId },
              supportDocs: supportDocs.map((_id) => ({ _id })),
              approvalLevels: [
                { group: 'Farm Data Signing', signers: [liam], signatures: 1, deadline: due(3) },
                { group: 'Quality', signers: [mia], signatures: 1, deadline: due(4) },
                { group: 'Release', signers: [noah], signatures: 1, deadline: due(5) },
              ],
              status: 'signing',
            }),
          });
          const body = (await res.json()) as { approval: { _id: string; approvalLevels: Array<{ _id: string }> } };
          if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
          return { id: body.approval._id, levelIds: body.approval.approvalLevels.map((l) => l._id) };
        },
        farm.id,
        [docs.pdf, docs.png, docs.csv],
        ids[DEMO.signer1.email],
        ids[DEMO.signer2.email],
        ids[DEMO.signer3.email],
      );
      const held = (docId: string) => `/api/company/approval/${cert.id}/document/${docId}`;

      for (const [width, height, label] of [
        [1280, 800, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        step(`Liam opens his sign link (${label})`);
        const liam = await newPage();
        await signIn(e, liam, DEMO.signer1);
        await liam.setViewport({ width, height, ...(label === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
        await liam.goto(e.url(`/views/approval/detail?id=${cert.id}&sign=1`));
        await liam.waitForSelector(`${byId('sign-evidence')} ${byId('evidence-previews')}`, { visible: true });
        await liam.waitForFunction(() =>
          Array.from(document.querySelectorAll('[data-testid="sign-evidence"] img')).every((i) => (i as HTMLImageElement).complete),
        );

        step('in the dialog: the photo and the PNG as images, the PDF framed from our own document route, the CSV to download');
        const inDialog = await previews(liam, byId('sign-evidence'));
        expect(inDialog.images).toEqual([
          { src: `/api/company/approval/${cert.id}/photo`, width: 640 },
          { src: held(docs.png), width: 320 },
        ]);
        expect(inDialog.frames).toEqual([held(docs.pdf)]);
        expect(inDialog.downloads).toEqual([`${held(docs.csv)}?download=1`]);
        expect(await frameLoaded(liam, held(docs.pdf))).toBe(e.url(held(docs.pdf)));
        step('the measurements beside the limits of the standard');
        const rows = await liam.$$eval(`${byId('sign-evidence')} [data-testid^="limit-"]`, (trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)),
        );
        expect(rows).toEqual([
          ['Protein', '11.8 %', expect.stringMatching(/≥ \d/), expect.stringMatching(/^(Met|Not met)$/)],
          ['Moisture', '10.4 %', expect.stringMatching(/≤ \d/), 'Met'],
        ]);
        expect(await sideways(liam)).toBe(false);
        await screenshot(liam, `evidence-01-sign-dialog-${label}`);
        await liam.$eval(`${byId('sign-evidence')} ${byId('evidence-previews')}`, (el) => el.scrollIntoView());
        await new Promise((r) => setTimeout(r, 500));
        await screenshot(liam, `evidence-02-sign-dialog-previews-${label}`);

        step('on the detail page, the same evidence');
        await liam.keyboard.press('Escape');
        await liam.waitForSelector(byId('sign-dialog'), { hidden: true });
        const onPage = await previews(liam, byId('evidence'));
        expect(onPage.frames).toEqual([held(docs.pdf)]);
        expect(onPage.images.map((i) => i.src)).toEqual([`/api/company/approval/${cert.id}/photo`, held(docs.png)]);
        await liam.$eval(byId('evidence'), (el) => el.scrollIntoView());
        await new Promise((r) => setTimeout(r, 500));
        expect(await sideways(liam)).toBe(false);
        await screenshot(liam, `evidence-03-detail-${label}`);
        await liam.close();
      }

      step('only the held PDF may be framed, and only by our origin; the library copy and the rest are not');
      const headers = await manager.evaluate(
        async (a, b) => {
          const h = async (u: string) => {
            const r = await fetch(u);
            return {
              frame: r.headers.get('x-frame-options'),
              ancestors: /frame-ancestors [^;]+/.exec(r.headers.get('content-security-policy') ?? '')?.[0] ?? null,
            };
          };
          return { held: await h(a), library: await h(b), page: await h('/views/approval/list') };
        },
        held(docs.pdf),
        `/api/company/document/${docs.pdf}`,
      );
      expect(headers).toEqual({
        held: { frame: 'SAMEORIGIN', ancestors: "frame-ancestors 'self'" },
        library: { frame: 'DENY', ancestors: "frame-ancestors 'none'" },
        page: { frame: 'DENY', ancestors: "frame-ancestors 'none'" },
      });

      step('a re-signer: Liam and Mia sign, Noah sends it back to level 2, the manager changes it and resubmits; Liam is shown why and what changed');
      const liam = await newPage();
      await signIn(e, liam, DEMO.signer1);
      expect(await codeSign(liam, DEMO.signer1, cert.id, cert.levelIds[0])).toBe(200);
      const mia = await newPage();
      await signIn(e, mia, DEMO.signer2);
      expect(await codeSign(mia, DEMO.signer2, cert.id, cert.levelIds[1])).toBe(200);
      const noah = await newPage();
      await signIn(e, noah, DEMO.signer3);
      const rejected = await noah.evaluate(
        async (id) =>
          (
            await fetch(`/api/company/approval/${id}/reject`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ toLevel: 2, reason: 'The lab report is from last season' }),
            })
          ).status,
        cert.id,
      );
      expect(rejected).toBe(200);
      const resubmitted = await manager.evaluate(async (id) => {
        const a = ((await (await fetch(`/api/company/approval/${id}`)).json()) as { approval: any }).approval;
        const r = await fetch(`/api/company/approval/${id}/update`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            approvalNumber: a.approvalNumber,
            approvalName: `${a.approvalName} (new lab report)`,
            priority: a.priority,
            approvalDoc: { _id: a.approvalDoc._id },
            supportDocs: a.supportDocs.map((d: { _id: string }) => ({ _id: d._id })),
            approvalLevels: a.approvalLevels.map((l: any) => ({
              group: l.group,
              signers: l.signers.map((s: any) => s._id),
              signatures: l.signatures,
              deadline: l.deadline,
            })),
            status: 'signing',
          }),
        });
        const body = (await r.json()) as { approval?: { stageLevel: number }; code?: string; fields?: unknown };
        return { status: r.status, stage: body.approval?.stageLevel ?? JSON.stringify(body) };
      }, cert.id);
      expect(resubmitted).toEqual({ status: 200, stage: 1 });
      await liam.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await liam.goto(e.url(`/views/approval/detail?id=${cert.id}&sign=1`));
      const summary = await liam.waitForSelector(`${byId('sign-evidence')} ${byId('resigner-summary')}`, { visible: true });
      const text = await summary!.evaluate((el) => el.textContent ?? '');
      expect(text).toMatch(/You signed level 1 on .* over content [0-9a-f]{12}…; that signature no longer counts/);
      expect(text).toMatch(/Changed since: name/);
      expect(text).toMatch(/Sent back by Noah Kelly on .*: The lab report is from last season/);
      await screenshot(liam, 'evidence-04-resigner-phone');
      await liam.keyboard.press('Escape');
      expect(await liam.$eval(`${byId('evidence')} ${byId('resigner-changes')}`, (el) => el.textContent)).toBe('Changed since: name');
    });
  });
});
