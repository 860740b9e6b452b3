/**
 * The compliance calls over real HTTP and the live channel over a real WebSocket: the app on a
 * loopback port, a Temporal worker (dev server, own task queue) running the compliance workflow with
 * the embedded rule-based auditor, Chromium for the PDFs, a fresh database.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { createWorker } from '@grain/worker';
import { COMPLIANCE_KINDS, message } from '@grain/domain';
import { extractText } from '@grain/adapters';
import { compliantSamples, sampleDocumentHtml, writeZip } from '@grain/adapters/testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD } from '../testing/session';
import { attachLiveChannel } from '../live';
import { listen } from '../http/listen';

const taskQueue = `compliance-api-test-${randomUUID()}`;
let t: TestApp;
let server: Server;
let base: string;
let live: ReturnType<typeof attachLiveChannel>;
let worker: Worker;
let workerRun: Promise<void>;
let native: NativeConnection;
let farmer: { id: string; cookie: string };
let outsider: { id: string; cookie: string };

async function login(email: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(r.status).toBe(200);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
const call = (who: { cookie: string }, p: string, init: RequestInit = {}) =>
  fetch(`${base}${p}`, {
    ...init,
    headers: {
      Origin: TEST_ORIGIN,
      Cookie: who.cookie,
      ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as object),
    },
  });

/** A socket that records every message and can wait for a predicate. */
function openSocket(who: { id: string; cookie: string }, after?: number, path = `/socket/test/${who.id}`) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${path}${after !== undefined ? `?after=${after}` : ''}`, {
    headers: { Cookie: who.cookie, Origin: TEST_ORIGIN },
  });
  const messages: Array<{ type: string; data: any; id?: number }> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (m) => {
    messages.push(JSON.parse(String(m)));
    waiters.splice(0).forEach((w) => w());
  });
  const until = async (pred: (ms: typeof messages) => boolean, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!pred(messages)) {
      if (Date.now() > end) throw new Error(`socket wait timed out; got ${messages.map((m) => m.type).join(',')}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return messages;
  };
  const status = new Promise<number>((resolve) => {
    ws.on('open', () => resolve(101));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
  return { ws, messages, until, status };
}

beforeAll(async () => {
  t = await createTestApp({ TEMPORAL_TASK_QUEUE: taskQueue });
  const seeded = await seedCompanyWithUsers(t.db.knex, 'Green Valley', ['admin', 'staff']);
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
  live = attachLiveChannel(server, t.deps, { pollMs: 100 });
  farmer = { id: seeded.users.staff.id, cookie: await login(seeded.users.staff.email) };
  outsider = { id: other.users.admin.id, cookie: await login(other.users.admin.email) };
}, 120_000);

afterAll(async () => {
  await live?.close();
  await new Promise((r) => server?.close(r));
  worker?.shutdown();
  await workerRun;
  await native?.close();
  await t?.close();
});

it('uploads four PDFs, streams progress over the socket (resuming after a drop), audits, lists and downloads the report', async () => {
  const create: any = await (await call(farmer, '/api/compliance/create')).json();
  expect(create).toMatchObject({ required_documents: [] });
  const id: string = create.applicant_id;

  let sock = openSocket(farmer);
  expect(await sock.status).toBe(101);
  await sock.until((m) => m.some((x) => x.type === 'connected'));

  const samples = compliantSamples(new Date());
  for (const k of COMPLIANCE_KINDS) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await t.deps.adapters.pdf.render(sampleDocumentHtml(samples[k.documentType])))], { type: 'application/pdf' }),
      `${k.segment}.pdf`,
    );
    form.append('compliance_id', id);
    const r = await call(farmer, `/openai/${k.segment}/${id}/upload`, { method: 'POST', body: form });
    expect(r.status).toBe(202);
    expect(((await r.json()) as any).document).toMatchObject({ document_type: k.documentType, status: 'processing' });
    if (k.segment === 'establishment') {
      // Drop the socket after the first result; a reconnect with ?after must deliver the rest.
      await sock.until((m) => m.some((x) => x.type === 'upload_establishment_update'));
      sock.ws.close();
    }
  }
  const lastSeen = Math.max(...sock.messages.filter((m) => m.id).map((m) => m.id!));
  sock = openSocket(farmer, lastSeen);
  const uploads = ['upload_haccp_plan_update', 'upload_management_plan_update', 'upload_pest_control_update'];
  const got = await sock.until((m) => uploads.every((u) => m.some((x) => x.type === u)));
  expect(
    got
      .filter((m) => m.type.startsWith('upload_'))
      .map((m) => m.type)
      .sort(),
  ).toEqual(uploads); // each once, none repeated
  const docs = Object.fromEntries(got.filter((m) => m.type.startsWith('upload_')).map((m) => [m.type, m.data.document]));
  expect(docs.upload_pest_control_update.document_summary.entries).toHaveLength(2);

  // The workflow records a document in the submission's slot just after announcing it; wait for the last one.
  let detail: any;
  for (let i = 0; i < 50; i++) {
    detail = ((await (await call(farmer, `/api/compliance/${id}`)).json()) as any).compliance;
    if (detail.establishmentData && detail.haccpPlanData && detail.pestControlData && detail.managementPlanData) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const body = {
    application_id: id,
    establishmentData: detail.establishmentData,
    haccpPlanData: detail.haccpPlanData,
    pestControlData: detail.pestControlData,
    managementPlanData: detail.managementPlanData,
  };
  const incomplete = await call(farmer, `/api/compliance/${id}/getaudit`, { method: 'POST', body: JSON.stringify({ ...body, pestControlData: null }) });
  expect(incomplete.status).toBe(400);
  expect(await incomplete.json()).toMatchObject({ code: 'COMPLIANCE_INCOMPLETE', invalidMsg: 'All four documents are needed before the audit' });

  const audit = await call(farmer, `/api/compliance/${id}/getaudit`, { method: 'POST', body: JSON.stringify(body) });
  expect(audit.status).toBe(202);
  const done = (await sock.until((m) => m.some((x) => x.type === 'compliance_check_update'))).find((x) => x.type === 'compliance_check_update')!;
  expect(done.data).toMatchObject({ compliance_id: id, status: 'audited', report: { json_data: { totals: { total: 15, compliant: 15, non_compliant: 0 } } } });
  sock.ws.close();

  const list: any = await (await call(farmer, '/openai/compliance/list')).json();
  expect(list).toEqual([expect.objectContaining({ _id: id, docId: id, docName: 'Green Valley Grains Pty Ltd', user_id: farmer.id, status: 'audited' })]);
  expect(list[0].date_of_issue).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const pdf = await call(farmer, `/openai/compliance/${id}/download`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="Compliance_Report.pdf"');
  const { text } = await extractText(Buffer.from(await pdf.arrayBuffer()), 'Compliance_Report.pdf');
  expect(text).toContain('Compliance Audit Report');
  expect(text).toContain('Name: Green Valley Grains Pty Ltd');
  expect(text).toMatch(/Total Checks: 15/);
  expect(text).toMatch(/1\. establishment registration details/i);

  // The next submission offers the processed documents in its dropdowns.
  const again: any = await (await call(farmer, '/api/compliance/create')).json();
  expect(again.required_documents.map((d: { document_type: string }) => d.document_type).sort()).toEqual([
    'establishment_update',
    'haccp_plan_update',
    'management_plan_update',
    'pest_control_update',
  ]);

  // Another company sees none of it.
  expect((await call(outsider, `/api/compliance/${id}`)).status).toBe(404);
  expect((await call(outsider, `/openai/compliance/${id}/download`)).status).toBe(404);
  expect(await (await call(outsider, '/openai/compliance/list')).json()).toEqual([]);
}, 180_000);

it('serves the socket only to the signed-in user it names, and answers upload errors with detail', async () => {
  // A zip bomb (about 59 MB of Word XML in a small archive) is refused before anything unpacks it.
  const run = '<w:p><w:r><w:t>grain</w:t></w:r></w:p>';
  const bomb = writeZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${run.repeat(1_500_000)}</w:body></w:document>`,
    },
  ]);
  expect(await openSocket({ id: farmer.id, cookie: '' }).status).toBe(401);
  expect(await openSocket(outsider, undefined, `/socket/test/${farmer.id}`).status).toBe(403);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'photo.gif');
  const r = await call(farmer, `/openai/haccp-plan/${randomUUID()}/upload`, { method: 'POST', body: form });
  expect(r.status).toBe(400);
  expect(await r.json()).toMatchObject({ code: 'COMPLIANCE_FILE_TYPE', detail: 'Upload a PDF, DOCX or TXT file' });
  for (const [lang, detail] of [
    ['en', message('DOCUMENT_TOO_LARGE_UNPACKED')],
    ['vn', message('DOCUMENT_TOO_LARGE_UNPACKED', 'vn')],
  ]) {
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(bomb)]), 'plan.docx');
    const refused = await call(farmer, `/openai/haccp-plan/${randomUUID()}/upload`, { method: 'POST', body: upload, headers: { 'x-lang': lang } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'DOCUMENT_TOO_LARGE_UNPACKED', detail });
  }
  const none = await call(farmer, `/openai/haccp-plan/${randomUUID()}/upload`, { method: 'POST', body: new FormData() });
  expect(await none.json()).toMatchObject({ code: 'SELECT_FILE', detail: 'Please select a file to upload.' });
});
