/**
 * The review step over real HTTP: a user corrects the fields extraction got wrong, the correction is
 * checked on the server (permission, company, the summary schema) and stored through the submission's
 * workflow (real Temporal worker, own task queue), and the audit reads it and says so in its report,
 * also in the report PDF in either language.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { createWorker } from '@grain/worker';
import { COMPLIANCE_KINDS } from '@grain/domain';
import { extractText } from '@grain/adapters';
import { buildDocx, compliantSamples } from '@grain/adapters/testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD } from '../testing/session';
import { listen } from '../http/listen';

const taskQueue = `compliance-review-test-${randomUUID()}`;
let t: TestApp;
let server: Server;
let base: string;
let worker: Worker;
let workerRun: Promise<void>;
let native: NativeConnection;
type Who = { cookie: string };
let farmer: Who;
let viewer: Who;
let outsider: Who;

async function login(email: string): Promise<Who> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(r.status).toBe(200);
  return {
    cookie: r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}
const call = (who: Who, p: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(`${base}${p}`, {
    ...init,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    headers: {
      Origin: TEST_ORIGIN,
      Cookie: who.cookie,
      ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as object),
    },
  });

beforeAll(async () => {
  t = await createTestApp({ TEMPORAL_TASK_QUEUE: taskQueue });
  const seeded = await seedCompanyWithUsers(t.db.knex, 'Green Valley', ['admin', 'staff', 'viewer'], { viewer: ['viewDocument'] });
  const other = await seedCompanyWithUsers(t.db.knex, 'Other Farm', ['admin']);
  ({ worker, connection: native } = await createWorker({
    address: process.env.TEMPORAL_TEST_ADDRESS!,
    taskQueue,
    workflowsPath: require.resolve('@grain/workflows/src/compliance/compliance-workflow.ts'),
    deps: { config: t.deps.config, stores: t.deps.stores, adapters: t.deps.adapters },
  }));
  workerRun = worker.run();
  server = await listen(t.app, 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  farmer = await login(seeded.users.staff.email);
  viewer = await login(seeded.users.viewer.email);
  outsider = await login(other.users.admin.email);
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  worker?.shutdown();
  await workerRun;
  await native?.close();
  await t?.close();
});

async function detailOf(who: Who, id: string, until: (c: any) => boolean): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const c = ((await (await call(who, `/api/compliance/${id}`)).json()) as any).compliance;
    if (c && until(c)) return c;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting for the submission');
}

it('saves a correction through the workflow, audits the corrected summary and names the corrected field in the report and its PDF', async () => {
  const id: string = ((await (await call(farmer, '/api/compliance/create')).json()) as any).applicant_id;
  // The registration as scanned: its number is on a stamp the text does not carry.
  const samples = compliantSamples(new Date());
  samples.establishment_update = samples.establishment_update.filter((l) => !l.startsWith('Registration Number'));
  for (const k of COMPLIANCE_KINDS) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildDocx(samples[k.documentType]))]), `${k.segment}.docx`);
    expect((await call(farmer, `/openai/${k.segment}/${id}/upload`, { method: 'POST', body: form })).status).toBe(202);
  }
  let c = await detailOf(farmer, id, (x) => x.establishmentData && x.haccpPlanData && x.pestControlData && x.managementPlanData);
  const est = c.establishmentData;
  expect(est.document_summary.establishment_registration_document.registration_number).toBe('');
  expect(est.corrected_fields).toEqual([]);

  const path = `/api/compliance/${id}/documents/${est._id}/summary`;
  const corrected = structuredClone(est.document_summary);
  corrected.establishment_registration_document.registration_number = 'EST-4471-VIC';

  // Who may correct, and what: editDocument, the caller's company, a summary of the document's type.
  expect((await call(viewer, path, { method: 'PUT', json: { summary: corrected } })).status).toBe(403);
  expect((await call(outsider, path, { method: 'PUT', json: { summary: corrected } })).status).toBe(404);
  const outsiderOwn = ((await (await call(outsider, '/api/compliance/create')).json()) as any).applicant_id;
  expect((await call(outsider, `/api/compliance/${outsiderOwn}/documents/${est._id}/summary`, { method: 'PUT', json: { summary: corrected } })).status).toBe(
    404,
  );
  expect((await call(farmer, `/api/compliance/${id}/documents/not-a-uuid/summary`, { method: 'PUT', json: { summary: corrected } })).status).toBe(404);
  for (const bad of [
    {},
    { summary: { haccp_plan: corrected.establishment_registration_document } },
    { summary: { establishment_registration_document: { ...corrected.establishment_registration_document, registration_number: 4471 } } },
    { summary: { establishment_registration_document: { ...corrected.establishment_registration_document, owner_shoe_size: '9' } } },
    { summary: { establishment_registration_document: { ...corrected.establishment_registration_document, address: 'x'.repeat(5000) } } },
  ]) {
    const r = await call(farmer, path, { method: 'PUT', json: bad });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: expect.arrayContaining([expect.objectContaining({ reason: expect.stringMatching(/^WHY_/) })]),
    });
  }
  expect((await detailOf(farmer, id, () => true)).establishmentData.corrected_fields).toEqual([]);

  const saved = await call(farmer, path, { method: 'PUT', json: { summary: corrected } });
  expect(saved.status).toBe(200);
  const doc = ((await saved.json()) as any).document;
  expect(doc.corrected_fields).toEqual(['registration_number']);
  expect(doc.document_summary.establishment_registration_document.registration_number).toBe('EST-4471-VIC');
  expect(doc.extracted_summary.establishment_registration_document.registration_number).toBe('');

  c = await detailOf(farmer, id, () => true);
  const body = {
    establishmentData: c.establishmentData,
    haccpPlanData: c.haccpPlanData,
    pestControlData: c.pestControlData,
    managementPlanData: c.managementPlanData,
  };
  expect((await call(farmer, `/api/compliance/${id}/getaudit`, { method: 'POST', json: body })).status).toBe(202);
  c = await detailOf(farmer, id, (x) => x.status === 'audited');
  const report = c.report.json_data;
  expect(report.auditor).toEqual({ kind: 'rules' });
  expect(report.corrected_fields).toEqual([{ document_type: 'establishment_update', fields: ['registration_number'] }]);
  const number = report.compliance_audit.find((i: any) => i.compliance_check_item === 'establishment_registration_number');
  expect(number).toMatchObject({ result: 'Compliant', evidence: 'The establishment registration number is "EST-4471-VIC".' });
  expect(report.totals).toEqual({ total: 15, compliant: 15, non_compliant: 0 });

  // Once audited, the submission takes no more corrections.
  const late = await call(farmer, path, { method: 'PUT', json: { summary: corrected } });
  expect(late.status).toBe(400);
  expect(await late.json()).toMatchObject({ code: 'COMPLIANCE_ALREADY_AUDITED' });

  const pdfText = async (lang: string) =>
    (await extractText(Buffer.from(await (await call(farmer, `/openai/compliance/${id}/download`, { headers: { 'x-lang': lang } })).arrayBuffer()), 'r.pdf'))
      .text;
  const en = await pdfText('en');
  expect(en).toContain('Audited by: Rule-based checks (no AI)');
  expect(en).toContain('Establishment registration: Registration number');
  expect(en).toContain('The establishment registration number is "EST-4471-VIC".');
  const vn = await pdfText('vn');
  expect(vn).toContain('Kiểm tra bởi: Kiểm tra theo quy tắc (không dùng AI)');
  expect(vn).toContain('Đăng ký cơ sở: Số đăng ký');
  expect(vn).toContain('Số đăng ký cơ sở là "EST-4471-VIC".');
}, 180_000);
