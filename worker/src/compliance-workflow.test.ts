/**
 * The compliance workflow end to end on the real parts: the Temporal dev server (TEMPORAL_TEST_ADDRESS)
 * with a worker on its own task queue, a fresh database, files on disk, Chromium-rendered PDFs and
 * DOCX files built here, and the embedded rule-based auditor.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection, WorkflowUpdateFailedError } from '@temporalio/client';
import { Worker, type NativeConnection } from '@temporalio/worker';
import { complianceWorkflowId, COMPLIANCE_DOCUMENT_TYPES, type ComplianceDocumentType } from '@grain/domain';
import { buildAdapters, closeAdapters, loadConfig, type Adapters } from '@grain/adapters';
import { buildDocx, compliantSamples, deficientSamples, sampleDocumentHtml, type SampleSet } from '@grain/adapters/testing';
import { createStores, hashPassword, type Db, type Stores } from '@grain/persistence';
import { createTestDb, createTestCompany } from '@grain/persistence/testing';
import { appErrorCodeOf, complianceSubmitUpdate, complianceWorkflow, documentUploadedSignal, reviewSummaryUpdate } from '@grain/workflows';
import { createWorker } from './create-worker';

const taskQueue = `compliance-wf-test-${randomUUID()}`;
let db: Db;
let adapters: Adapters;
let dataDir: string;
let worker: Worker;
let workerRun: Promise<void>;
let nativeConnection: NativeConnection;
let connection: Connection;
let client: Client;
let owner: { companyId: string; userId: string };
let stores: Stores;
let store: Stores['compliance'];

beforeAll(async () => {
  db = await createTestDb();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-wf-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  stores = createStores(db.knex);
  adapters = buildAdapters(config, stores, { smtpCatcherPort: 1 });
  const company = await createTestCompany(stores, 'Green Valley Grains');
  const user = await stores.users.create({
    email: 'farmer@gv.test',
    passwordHash: await hashPassword('Grain#2025pass'),
    firstname: 'Margaret',
    lastname: 'Nguyen',
    role: 'admin',
    companyId: company.id,
  });
  owner = { companyId: company.id, userId: user.id };
  store = stores.compliance;
  const address = process.env.TEMPORAL_TEST_ADDRESS!;
  ({ worker, connection: nativeConnection } = await createWorker({
    address,
    taskQueue,
    workflowsPath: require.resolve('@grain/workflows/src/compliance/compliance-workflow.ts'),
    deps: { config, stores, adapters },
  }));
  workerRun = worker.run();
  connection = await Connection.connect({ address });
  client = new Client({ connection });
}, 120_000);

afterAll(async () => {
  worker?.shutdown();
  await workerRun;
  await nativeConnection?.close();
  await connection?.close();
  await closeAdapters(adapters);
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the upload route does: store the file, record the document, signal (starting the workflow). */
async function upload(complianceId: string, documentType: ComplianceDocumentType, file: Buffer, fileName: string) {
  await store.ensure(complianceId, owner);
  const storageKey = await adapters.storage.put(file, { ext: path.extname(fileName).slice(1), prefix: 'compliance' });
  const doc = await store.addDocument({ ...owner, complianceId, documentType, fileName, storageKey, size: file.length });
  await client.workflow.signalWithStart(complianceWorkflow, {
    workflowId: complianceWorkflowId(complianceId),
    taskQueue,
    args: [{ complianceId, ...owner }],
    signal: documentUploadedSignal,
    signalArgs: [{ documentId: doc.id, documentType }],
  });
  return doc.id;
}

async function waitForEvents(after: number, count: number, type?: string) {
  const live = stores.live;
  for (let i = 0; i < 300; i++) {
    const evs = (await live.after(after, { user: owner })).filter((e) => !type || e.type === type);
    if (evs.length >= count) return evs;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${count} live events ${type ?? ''}`);
}

async function uploadSet(set: SampleSet, as: 'pdf' | 'docx') {
  const complianceId = randomUUID();
  const ids = {} as Record<ComplianceDocumentType, string>;
  for (const t of COMPLIANCE_DOCUMENT_TYPES) {
    const file = as === 'pdf' ? await adapters.pdf.render(sampleDocumentHtml(set[t])) : buildDocx(set[t]);
    ids[t] = await upload(complianceId, t, file, `${t}.${as}`);
  }
  return { complianceId, ids };
}

async function submitAndAwait(complianceId: string, ids: Record<ComplianceDocumentType, string>) {
  const handle = client.workflow.getHandle(complianceWorkflowId(complianceId));
  const answer = await handle.executeUpdate(complianceSubmitUpdate, { args: [{ userId: owner.userId, documents: ids }] });
  expect(answer).toEqual({ status: 'auditing' });
  const final = await handle.result();
  expect(final.status).toBe('audited');
  return (await store.byId(complianceId, owner.companyId))!;
}

it('processes four compliant PDFs, publishes each upload live, and audits them compliant', async () => {
  const start = await stores.live.lastId();
  const { complianceId, ids } = await uploadSet(compliantSamples(new Date()), 'pdf');
  const uploads = await waitForEvents(start, 4);
  expect(uploads.map((e) => e.type).sort()).toEqual([
    'upload_establishment_update',
    'upload_haccp_plan_update',
    'upload_management_plan_update',
    'upload_pest_control_update',
  ]);
  const est = uploads.find((e) => e.type === 'upload_establishment_update')!.data as {
    compliance_id: string;
    document: { _id: string; status: string; document_summary: any };
  };
  expect(est.compliance_id).toBe(complianceId);
  expect(est.document).toMatchObject({ _id: ids.establishment_update, status: 'processed' });
  expect(est.document.document_summary.establishment_registration_document.name_of_establishment).toBe('Green Valley Grains Pty Ltd');

  const row = await submitAndAwait(complianceId, ids);
  expect(row.status).toBe('audited');
  expect(row.documents).toEqual(ids);
  expect(row.report!.totals).toEqual({ total: 15, compliant: 15, non_compliant: 0 });
  expect(row.report!.inspector).toBe('Rule-based checks (no AI)');
  expect(row.report!.auditor).toEqual({ kind: 'rules' });
  expect(row.report!.corrected_fields).toEqual([]);
  const [done] = await waitForEvents(start, 1, 'compliance_check_update');
  expect(done.data).toMatchObject({ compliance_id: complianceId, status: 'audited', report: { _id: complianceId, json_data: { totals: { compliant: 15 } } } });
}, 120_000);

it('audits a deficient DOCX set Non-Compliant where the documents fall short, with reasons', async () => {
  const start = await stores.live.lastId();
  const { complianceId, ids } = await uploadSet(deficientSamples(new Date()), 'docx');
  await waitForEvents(start, 4);
  const row = await submitAndAwait(complianceId, ids);
  const items = new Map(row.report!.compliance_audit.map((i) => [i.compliance_check_item, i]));
  expect(row.report!.totals).toEqual({ total: 15, compliant: 2, non_compliant: 13 });
  expect(items.get('haccp_seven_principles')).toMatchObject({ result: 'Non-Compliant' });
  expect(items.get('haccp_seven_principles')!.evidence).toContain('it does not document monitoring, corrective actions, verification or record keeping.');
  expect(items.get('haccp_seven_principles')!.vn!.evidence).toContain('kế hoạch chưa trình bày giám sát, hành động khắc phục, thẩm tra hoặc lưu hồ sơ.');
  expect(items.get('establishment_registration_details')!.requirement).toContain('Export Control (Plants and Plant Products) Rules 2021');
}, 120_000);

it('refuses a submit without all four documents, and reports an unreadable upload as an error', async () => {
  const complianceId = randomUUID();
  const start = await stores.live.lastId();
  const badId = await upload(complianceId, 'haccp_plan_update', Buffer.from('GIF89a not a document'), 'scan.pdf');
  const [ev] = await waitForEvents(start, 1, 'upload_haccp_plan_update');
  expect(ev.data).toMatchObject({ compliance_id: complianceId, code: 'COMPLIANCE_FILE_TYPE', document: { _id: badId, status: 'failed' } });
  expect((await store.document(badId))!.status).toBe('failed');

  const handle = client.workflow.getHandle(complianceWorkflowId(complianceId));
  const refused = await handle
    .executeUpdate(complianceSubmitUpdate, { args: [{ userId: owner.userId, documents: { haccp_plan_update: badId } }] })
    .catch((e) => e);
  expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
  expect(appErrorCodeOf(refused)).toBe('COMPLIANCE_INCOMPLETE');
  expect((await handle.query('complianceState')) as { status: string }).toMatchObject({ status: 'draft' });
  await handle.terminate('test done');
}, 60_000);

it('audits the summary the user reviewed: a correction saved before submit is read, one sent after is refused, and the run replays', async () => {
  const start = await stores.live.lastId();
  const set = compliantSamples(new Date());
  set.management_plan_update = set.management_plan_update.filter((l) => !l.startsWith('Farm Name'));
  const { complianceId, ids } = await uploadSet(set, 'docx');
  await waitForEvents(start, 4);
  const handle = client.workflow.getHandle(complianceWorkflowId(complianceId));
  const plan = (await store.document(ids.management_plan_update))!;
  const summary = structuredClone(plan.documentSummary) as { management_plan: Record<string, string> };
  expect(summary.management_plan.farm_name).toBe('');
  summary.management_plan.farm_name = 'Green Valley Grains Pty Ltd';
  expect(await handle.executeUpdate(reviewSummaryUpdate, { args: [{ userId: owner.userId, documentId: plan.id, summary }] })).toEqual({
    correctedFields: ['farm_name'],
  });
  expect(await handle.executeUpdate(complianceSubmitUpdate, { args: [{ userId: owner.userId, documents: ids }] })).toEqual({ status: 'auditing' });
  // Sent once the audit is under way: refused by the workflow (or, had the audit already ended, by Temporal).
  const other = { management_plan: { ...summary.management_plan, farm_name: 'Someone Else Pty Ltd' } };
  const late = await handle.executeUpdate(reviewSummaryUpdate, { args: [{ userId: owner.userId, documentId: plan.id, summary: other }] }).catch((e) => e);
  expect(late).toBeInstanceOf(Error);
  expect(['COMPLIANCE_AUDIT_RUNNING', undefined]).toContain(appErrorCodeOf(late));
  expect((await handle.result()).status).toBe('audited');
  expect(((await store.document(plan.id))!.reviewedSummary as typeof summary).management_plan.farm_name).toBe('Green Valley Grains Pty Ltd');
  const row = (await store.byId(complianceId, owner.companyId))!;
  expect(row.report!.corrected_fields).toEqual([{ document_type: 'management_plan_update', fields: ['farm_name'] }]);
  const same = row.report!.compliance_audit.find((i) => i.compliance_check_item === 'documents_name_same_establishment')!;
  expect(same.evidence).toContain('the farm management plan names "Green Valley Grains Pty Ltd"');
  const history = await handle.fetchHistory();
  await expect(
    Worker.runReplayHistory({ workflowsPath: require.resolve('@grain/workflows/src/compliance/compliance-workflow.ts') }, history),
  ).resolves.toBeUndefined();
}, 120_000);
