import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElementHandle, HTTPResponse } from 'puppeteer-core';
import { extractText } from '@grain/adapters';
import { buildDocx, compliantSamples, sampleDocumentHtml } from '@grain/adapters/testing';
import { startE2E, type E2E } from './harness';

const shot = (name: string) => path.join(tmpdir(), `compliance-e2e-${name}.png`);

/**
 * The compliance audit in a real Chromium against the whole app (rule-based auditor, real Temporal
 * workflow, live WebSocket progress): sign in, upload the four farm documents as PDF and DOCX, watch
 * each one's progress, check and correct the extracted fields, submit, read the report (which says
 * who audited and what was corrected) and download it as a PDF.
 */
describe('AI compliance audit in the browser', () => {
  let e: E2E;
  const dir = mkdtempSync(path.join(tmpdir(), 'grain-e2e-compliance-'));
  const downloads = path.join(dir, 'downloads');
  const files: Record<string, string> = {};
  /** A full-page screenshot from the top (scrolled, the sticky app bar would land mid-page). */
  const snap = async (name: string) => {
    await e.page.evaluate(() => window.scrollTo(0, 0));
    await e.page.screenshot({ path: shot(name), fullPage: true });
  };
  const textOf = (sel: string) => e.page.$eval(sel, (el) => (el as HTMLElement).innerText ?? '');

  /** Every text a section's progress line shows, in order, recorded in the page as it changes. */
  const progressSeen = (key: string) => e.page.evaluate((k) => (window as unknown as { __seen: Record<string, string[]> }).__seen[k] ?? [], key);

  async function uploadInto(key: string, file: string) {
    const input = (await e.page.waitForSelector(`[data-testid="file-${key}"]`)) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await e.page.waitForFunction((k, name) => document.querySelector(`[data-testid="file-name-${k}"]`)?.textContent === name, {}, key, path.basename(file));
    await e.page.click(`[data-testid="upload-${key}"]`);
  }

  beforeAll(async () => {
    e = await startE2E();
    const samples = compliantSamples(new Date());
    // The registration as scanned: its number is on a stamp the text does not carry, so the user adds it.
    samples.establishment_update = samples.establishment_update.filter((l) => !l.startsWith('Registration Number'));
    const pdf = (lines: string[]) => e.server.adapters.pdf.render(sampleDocumentHtml(lines));
    const write = (name: string, data: Buffer) => (files[name] = path.join(dir, name)) && writeFileSync(files[name], data);
    write('Establishment registration.pdf', await pdf(samples.establishment_update));
    write('HACCP plan.docx', buildDocx(samples.haccp_plan_update));
    write('Pest control log.pdf', await pdf(samples.pest_control_update));
    write('Farm management plan.docx', buildDocx(samples.management_plan_update));
    write('Scanned page.pdf', await e.server.adapters.pdf.render('<html><body></body></html>'));

    const admin = e.server.demoLogins!.find((l) => l.role === 'admin')!;
    await e.page.goto(e.url('/views/login'));
    await e.page.waitForSelector('input[name="email"]');
    await e.page.type('input[name="email"]', admin.email);
    await e.page.type('input[name="password"]', admin.password);
    await Promise.all([e.page.waitForFunction(() => !location.pathname.startsWith('/views/login')), e.page.click('[data-testid="login-submit"]')]);
    const cdp = await e.page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  }, 120000);
  afterAll(() => e?.close());

  it('shows the four empty sections and refuses a scanned PDF without text with a clear message', async () => {
    await e.page.goto(e.url('/views/compliance/create'));
    await e.page.waitForSelector('[data-testid="section-management"]');
    // Record each progress line's texts as they change: "Uploading..." lasts only as long as the request.
    await e.page.evaluate(() => {
      const w = window as unknown as { __seen: Record<string, string[]> };
      w.__seen = {};
      const record = () =>
        document.querySelectorAll<HTMLElement>('[data-testid^="progress-"]').forEach((el) => {
          const k = el.dataset.testid!.slice('progress-'.length);
          const text = el.innerText.replace(/\.+$/, '').trim();
          const list = (w.__seen[k] ??= []);
          if (text && list[list.length - 1] !== text) list.push(text);
        });
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    expect(await textOf('[data-testid="section-establishment"]')).toContain('No existing establishments available.');
    expect(await textOf('[data-testid="file-name-establishment"]')).toBe('No file chosen');
    expect(await e.page.$eval('[data-testid="upload-establishment"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    // Submitting with nothing uploaded names what is missing instead of starting an audit.
    await e.page.click('[data-testid="compliance-submit"]');
    await e.page.waitForSelector('[data-testid="toast"]');
    expect(await textOf('[data-testid="toast"]')).toBe('Still needed: Establishment, HACCP Plan, Pest Control Plan, Farm Management Plan');
    expect(await e.page.$('[data-testid="audit-report"]')).toBeNull();
    await snap('1-empty');

    await uploadInto('establishment', files['Scanned page.pdf']);
    await e.page.waitForFunction(() => /Error:/.test((document.querySelector('[data-testid="progress-establishment"]') as HTMLElement)?.innerText ?? ''), {
      timeout: 30000,
    });
    expect(await textOf('[data-testid="progress-establishment"]')).toBe('Error: No readable text was found in the file (a scanned image needs OCR first)');
    await snap('2-no-text');
  });

  it("uploads the four documents and shows each one's live progress and extracted fields, the missing ones said to be missing", async () => {
    const order: Array<[string, string]> = [
      ['establishment', 'Establishment registration.pdf'],
      ['haccp', 'HACCP plan.docx'],
      ['pest', 'Pest control log.pdf'],
      ['management', 'Farm management plan.docx'],
    ];
    // One at a time, as a person does: each finished document opens its review form, which moves the
    // sections below it, so a click aimed while another document finishes could land elsewhere.
    for (const [key, name] of order) {
      await uploadInto(key, files[name]);
      await e.page.waitForSelector(`[data-testid="review-${key}"]`, { timeout: 30000 });
    }
    await e.page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="progress-"]')).every(
          (el) => el.innerText.trim() === 'File processing successfully completed.',
        ),
      { timeout: 60000 },
    );
    for (const [key] of order) {
      const seen = await progressSeen(key);
      expect(seen).toEqual(expect.arrayContaining(['Uploading file, please wait', 'File processing successfully completed']));
      expect(seen.indexOf('Uploading file, please wait')).toBeLessThan(seen.indexOf('File processing successfully completed'));
      // A document read before the upload's answer arrives skips the middle line; when shown, it says rules read the file, not an AI model.
      for (const x of seen.filter((y) => /^File uploaded successfully/.test(y)))
        expect(x).toBe('File uploaded successfully. Reading the file with rule-based extraction (no AI)');
    }
    expect(Object.values(await e.page.evaluate(() => (window as unknown as { __seen: Record<string, string[]> }).__seen)).flat()).toContain(
      'File uploaded successfully. Reading the file with rule-based extraction (no AI)',
    );
    expect(await textOf('[data-testid="auditor-kind"]')).toBe('Documents are read and audited by: Rule-based checks (no AI)');
    const field = (key: string, name: string) =>
      e.page.$eval(`[data-testid="review-${key}"] [data-testid="field-${name}"]`, (el) => (el as HTMLInputElement).value);
    expect(await field('establishment', 'name_of_establishment')).toBe('Green Valley Grains Pty Ltd');
    expect(await field('haccp', 'review_date')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/); // day/month/year, as every date in the app
    expect(await e.page.$$eval('[data-testid="review-pest"] [data-testid="entry"]', (rows) => rows.length)).toBe(2);
    expect(await e.page.$eval('[data-testid="entry-2-baits"]', (el) => (el as HTMLTextAreaElement).value)).toBe(
      'Phosphine (aluminium phosphide)\nBrodifacoum 0.005% wax blocks',
    );
    // What the document does not state is said to be missing, not shown as N/A.
    const number = '[data-testid="review-establishment"] [data-testid="field-registration_number"]';
    expect(await e.page.$eval(number, (el) => el.getAttribute('data-missing'))).toBe('true');
    const helper = await e.page.$eval(number, (el) => document.getElementById(`${el.id}-helper-text`)?.textContent);
    expect(helper).toBe('Not found in the document — add it if the document states it');
    expect(await textOf('[data-testid="section-establishment"]')).not.toContain('N/A');
    await snap('3-uploaded');
  });

  it('takes a correction of a field extraction missed, refusing to audit while it is unsaved', async () => {
    const number = '[data-testid="review-establishment"] [data-testid="field-registration_number"]';
    await e.page.type(number, 'EST-4471-VIC');
    await e.page.click('[data-testid="compliance-submit"]');
    const toasts = () => e.page.$$eval('[data-testid="toast"]', (els) => els.map((el) => el.textContent));
    await e.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="toast"]')).some((el) => /corrections first/.test(el.textContent ?? '')),
    );
    expect(await toasts()).toContain('Save or undo your corrections first: Establishment');
    expect(await e.page.$('[data-testid="audit-report"]')).toBeNull();
    // The warning sits over the form's buttons; the user closes it, then saves.
    for (const close of await e.page.$$('[data-testid="toast"] button')) await close.click();
    await e.page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'));
    const saved = e.page.waitForResponse((r: HTTPResponse) => /\/documents\/[0-9a-f-]+\/summary$/.test(r.url()) && r.request().method() === 'PUT');
    await e.page.click('[data-testid="review-establishment-save"]');
    expect((await saved).status()).toBe(200);
    await e.page.waitForSelector('[data-testid="review-establishment-saved"]');
    expect(await textOf('[data-testid="review-establishment"]')).toContain('Corrected by you');
    expect(await e.page.$eval(number, (el) => el.getAttribute('data-missing'))).toBe('false');
    await snap('3b-corrected');
  });

  it('submits, shows the Compliance Audit Report and downloads it as Compliance_Report.pdf', async () => {
    await e.page.click('[data-testid="compliance-submit"]');
    await e.page.waitForSelector('[data-testid="audit-item"]', { timeout: 60000 });
    const farmer = await textOf('[data-testid="farmer-info"]');
    expect(farmer).toContain('Name: Green Valley Grains Pty Ltd');
    expect(farmer).toContain('Address: 1250 Wimmera Highway, Horsham VIC 3400, Australia');
    expect(farmer).toMatch(/Contact: .*\+61 3 5382 1100/);
    expect(farmer).toContain('Website: https://www.greenvalleygrains.com.au');
    const cards = await e.page.$$eval('[data-testid="audit-item"]', (els) => els.map((el) => (el as HTMLElement).innerText));
    const totals = await textOf('[data-testid="totals"]');
    const [total, compliant, non] = [/Total Checks: (\d+)/, /Compliant: (\d+)/, /Non-Compliant: (\d+)/].map((re) => Number(totals.match(re)![1]));
    expect(total).toBe(cards.length);
    expect(compliant + non).toBe(total);
    expect(cards.filter((c) => /Result: Compliant/.test(c)).length).toBe(compliant);
    expect(non).toBe(0); // the compliant sample set, its registration number added by the user
    cards.forEach((c, i) => expect(c.startsWith(`${i + 1}. `)).toBe(true));
    expect(cards[1]).toContain('Evidence: The establishment registration number is "EST-4471-VIC".');
    expect(await textOf('[data-testid="auditor"]')).toBe('Audited by: Rule-based checks (no AI)');
    expect((await textOf('[data-testid="corrections"]')).replace(/\n+/g, '\n')).toBe(
      'Fields you corrected before the audit\nEstablishment registration: Registration number',
    );
    await e.page.screenshot({ path: shot('4-report'), fullPage: false });

    const response = e.page.waitForResponse((r: HTTPResponse) => /\/openai\/compliance\/[0-9a-f-]+\/download$/.test(r.url()));
    await e.page.click('[data-testid="download-report"]');
    const res = await response;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toBe('attachment; filename="Compliance_Report.pdf"');
    // The page hands the blob to the browser under its name; read what the browser saved.
    const saved = path.join(downloads, 'Compliance_Report.pdf');
    for (let i = 0; i < 100 && !existsSync(saved); i++) await new Promise((r) => setTimeout(r, 100));
    const body = readFileSync(saved);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(body, 'Compliance_Report.pdf');
    expect(text).toContain('Compliance Audit Report');
    expect(text).toContain('Name: Green Valley Grains Pty Ltd');
    expect(text).toContain(`Total Checks: ${total}`);
    expect(text).toContain(cards[0].split('\n')[0]);
    expect(text).toContain('Audited by: Rule-based checks (no AI)');
    expect(text).toContain('Establishment registration: Registration number');
  });

  it('lists the audited submission and shows it again from its detail page', async () => {
    await e.page.keyboard.press('Escape');
    await e.page.goto(e.url('/views/compliance/list'));
    await e.page.waitForSelector('[data-testid="compliance-row"]');
    const row = await e.page.$eval('[data-testid="compliance-row"]', (r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));
    expect(row.slice(0, 3)).toEqual(['1', 'Green Valley Grains Pty Ltd', 'Olivia Bennett']);
    expect(row[3]).toBe(new Date().toISOString().slice(0, 10).split('-').reverse().join('/'));
    expect(row[4]).toMatch(/^Audited \(\d+\/\d+\)$/);
    await snap('5-list');
    await e.page.click('[data-testid="compliance-row"]');
    await e.page.waitForSelector('[data-testid="compliance-detail"] [data-testid="summary"]');
    // Fields read in the order of the document's form (name first), not the database's key order.
    const fields = (await textOf('[data-testid="compliance-detail"] [data-testid="summary"]')).split('\n').map((l) => l.split(':')[0]);
    expect(fields.slice(0, 4)).toEqual(['ESTABLISHMENT REGISTRATION DOCUMENT', 'NAME OF ESTABLISHMENT', 'REGISTRATION NUMBER', 'ADDRESS']);
    await snap('6-detail');
    await e.page.goto(e.url('/views/compliance/detail?id=00000000-0000-4000-8000-000000000000'));
    await e.page.waitForFunction(
      () => document.querySelector('[data-testid="compliance-detail-empty"]')?.textContent === 'This compliance submission was not found.',
    );
  });

  it('audits again from documents picked from the dropdowns plus a new upload, in Vietnamese, with the live socket blocked', async () => {
    // A page whose WebSocket never connects: progress and report must still arrive (the page polls).
    const page = await e.browser.newPage();
    await page.evaluateOnNewDocument(() => {
      (window as unknown as { WebSocket: unknown }).WebSocket = class {
        close() {
          /* never opened */
        }
      };
    });
    await e.page.close();
    e.page = page;
    await e.page.goto(e.url('/views/compliance/create'));
    await e.page.waitForSelector('[data-testid="lang-vn"]');
    await e.page.click('[data-testid="lang-vn"]');
    await e.page.waitForSelector('[data-testid="select-establishment"]');
    expect(await textOf('[data-testid="section-establishment"]')).toContain('Chưa chọn tệp');
    for (const key of ['establishment', 'haccp', 'management']) {
      await e.page.click(`[data-testid="section-${key}"] [role="combobox"]`);
      const options = await e.page.waitForSelector(`[data-testid="option-${key}"]`);
      if (key === 'establishment') {
        // Only the processed upload is offered (the blank scan failed), named by its file.
        expect(await e.page.$$eval(`[data-testid="option-${key}"]`, (o) => o.map((x) => x.textContent))).toEqual([
          expect.stringMatching(/^Establishment registration\.pdf — Cơ sở, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
        ]);
        await snap('7-select-vn');
      }
      await options!.click();
      await e.page.waitForSelector(`[data-testid="review-${key}"]`);
      await e.page.waitForFunction(() => !document.querySelector('[role="listbox"]'));
    }
    writeFileSync(path.join(dir, 'Pest log.docx'), buildDocx(compliantSamples(new Date()).pest_control_update));
    await uploadInto('pest', path.join(dir, 'Pest log.docx'));
    await e.page.waitForFunction(() => (document.querySelector('[data-testid="progress-pest"]') as HTMLElement)?.innerText === 'Xử lý tệp hoàn tất.', {
      timeout: 30000,
    });
    expect(await e.page.$$eval('[data-testid="review-pest"] [data-testid="entry"]', (rows) => rows.length)).toBe(2);
    // The registration picked again carries the number the user added before.
    expect(await e.page.$eval('[data-testid="field-registration_number"]', (el) => (el as HTMLInputElement).value)).toBe('EST-4471-VIC');
    expect(await textOf('[data-testid="auditor-kind"]')).toBe('Tài liệu được đọc và kiểm tra bởi: Kiểm tra theo quy tắc (không dùng AI)');
    await snap('8-create-vn');
    await e.page.click('[data-testid="compliance-submit"]');
    await e.page.waitForSelector('[data-testid="audit-item"]', { timeout: 60000 });
    expect(await textOf('[data-testid="audit-report"] h2')).toBe('Báo cáo kiểm tra tuân thủ');
    expect(await textOf('[data-testid="farmer-info"]')).toContain('Tên: Green Valley Grains Pty Ltd');
    expect(await textOf('[data-testid="audit-item"]')).toContain('Kết quả: Tuân thủ');
    expect(await textOf('[data-testid="audit-item"]')).toMatch(/^1\. Thông tin đăng ký cơ sở/);
    expect(await textOf('[data-testid="auditor"]')).toBe('Kiểm tra bởi: Kiểm tra theo quy tắc (không dùng AI)');
    expect(await textOf('[data-testid="corrections"]')).toContain('Đăng ký cơ sở: Số đăng ký');
    await e.page.screenshot({ path: shot('9-report-vn') });
    await e.page.keyboard.press('Escape');
    await e.page.click('[data-testid="lang-en"]');
    await e.page.goto(e.url('/views/compliance/list'));
    await e.page.waitForFunction(() => document.querySelectorAll('[data-testid="compliance-row"]').length === 2);
  });
});
