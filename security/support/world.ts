/**
 * The world the security suite attacks: the real app (createTestApp: fresh database, real SMTP on
 * loopback, the shared Temporal dev server), optionally a real certificate worker on its own task
 * queue, and two companies ("own" and "foreign") each holding one object of every kind an endpoint
 * can name by id: a draft and a submitted certificate, a farm record with a verified photo, a
 * document, a template and a compliance submission.
 */
import { randomUUID } from 'node:crypto';
import type { Worker } from '@temporalio/worker';
import type { NativeConnection } from '@temporalio/worker';
import { samplePng } from '@grain/adapters/testing';
import { createStores } from '@grain/persistence';
import { createWorker } from '../../worker/src/create-worker';
import { dbChecksum } from './db-checksum';
import { createTestApp, type TestApp } from '../../api/src/testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../../api/src/testing/session';

export type Role = 'admin' | 'manager' | 'staff' | 'signer' | 'anonymous';
export const ROLES: Role[] = ['admin', 'manager', 'staff', 'signer', 'anonymous'];

/** Level signers of the submitted certificate: none of the matrix roles, so no matrix call can move it. */
const LEVEL_SIGNERS = ['signer2', 'signer3', 'signer4'];
const SIGNER_PERMS = ['viewInfo', 'editInfo', 'viewApproval', 'viewDocument', 'signApproval', 'signDocument'] as const;

export interface CompanyObjects {
  co: SeededCompany;
  companyId: string;
  farmId: string;
  draftId: string;
  signingId: string;
  templateId: string;
  documentId: string;
  complianceId: string;
}

export interface World {
  t: TestApp;
  own: CompanyObjects;
  foreign: CompanyObjects;
  /** Signed-in agents of the own company by role (anonymous: no session, same-site Origin). */
  agents: Record<Role, Agent>;
  /** Resolves once the workflows' follow-up writes (level-start mails, read model) have settled. */
  settle(): Promise<void>;
  /** Signs in a user of a company by role name (a fresh agent each time). */
  login(co: SeededCompany, role: string): Promise<Agent>;
  close(): Promise<void>;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export function certificateBody(co: SeededCompany, farmId: string, status: 'created' | 'signing', number = `SEC-${randomUUID().slice(0, 8)}`) {
  const ids = LEVEL_SIGNERS.map((r) => co.users[r].id);
  return {
    approvalNumber: number,
    approvalName: 'Barley lot',
    priority: 'High',
    approvalDoc: { _id: farmId },
    supportDocs: [],
    approvalLevels: ['Farm Data Signing', 'Transportation Signing', 'Inspection Signing'].map((group, i) => ({
      group,
      signers: ids,
      signatures: 2,
      deadline: day(5 + i),
    })),
    status,
  };
}

async function expectOk(res: { status: number; body: unknown }, what: string, status: number) {
  if (res.status !== status) throw new Error(`world: ${what} answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body as any;
}

async function companyObjects(t: TestApp, co: SeededCompany, submit: boolean, photoSeed: number): Promise<CompanyObjects> {
  const k = t.db.knex;
  const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
  const manager = await loginAs(t.app, co.users.manager.email, TEST_PASSWORD);
  const farm = await createStores(k).farmData.create(co.companyId, co.users.admin.id, {
    grainType: 'Barley',
    harvestGrade: 'FEED',
    storageLocation: 'Silo 3',
    quantity: 2000,
    protein: 11.5,
    moisture: 10.2,
    productionDate: '2025-03-01',
    dataType: 'Manual',
  });
  // A real photo through the real verifier, so the farm record is verified and has an image to serve.
  // Each company gets its own picture: the verifier refuses a photo another record already has.
  const photo = await t.deps.adapters.imageVerifier.submitPhoto!({
    companyId: co.companyId,
    farmDataId: farm._id,
    userId: co.users.admin.id,
    data: samplePng(640, 480, photoSeed),
  });
  if (!photo.verified) throw new Error(`world: photo not verified: ${photo.reason}`);
  await k('farm_data').where({ id: farm._id }).update({ image_validation: 'Verified' });
  const draft = await expectOk(await manager.post('/api/company/approval/create').send(certificateBody(co, farm._id, 'created')), 'draft', 201);
  // Without a worker a submitted certificate never reaches the read model: the draft stands in.
  const signing = submit
    ? await expectOk(await manager.post('/api/company/approval/create').send(certificateBody(co, farm._id, 'signing')), 'submit', 201)
    : draft;
  const template = await expectOk(
    await admin.post('/api/company/approvaltemplate/create').send({
      approvalName: 'Standard chain',
      priority: 'Medium',
      approvalLevels: [{ group: 'Farm Data Signing', signers: [co.users.signer2.id], signatures: 1, dueInDays: 3 }],
    }),
    'template',
    201,
  );
  const doc = await expectOk(
    await admin.post('/api/company/document/create').field('docType', 'certificate').attach('file', PDF_BYTES, 'lab-report.pdf'),
    'document',
    201,
  );
  const complianceId = randomUUID();
  await createStores(k).compliance.ensure(complianceId, { companyId: co.companyId, userId: co.users.admin.id });
  return {
    co,
    companyId: co.companyId,
    farmId: farm._id,
    draftId: draft.approval._id,
    signingId: signing.approval._id,
    templateId: template.approvalTemplate._id,
    documentId: doc.documents.docId,
    complianceId,
  };
}

/** Builds the world; `worker: false` for suites whose requests never reach a workflow. */
export async function startWorld(opts: { worker?: boolean; env?: Record<string, string> } = {}): Promise<World> {
  const taskQueue = `security-${randomUUID()}`;
  const t = await createTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, ...opts.env });
  let stopWorker = async () => undefined as void;
  if (opts.worker !== false) {
    // The prebuilt workflow bundle when present (built by `npm test`), so start-up takes no webpack run.
    const { worker, connection }: { worker: Worker; connection: NativeConnection } = await createWorker({
      address: process.env.TEMPORAL_TEST_ADDRESS!,
      taskQueue,
      deps: { config: t.deps.config, stores: t.deps.stores, adapters: t.deps.adapters },
      notifications: t.db.notifications,
      tuning: { maxCachedWorkflows: 50 },
    });
    const running = worker.run();
    stopWorker = async () => {
      worker.shutdown();
      await running.catch(() => undefined);
      await connection.close();
    };
  }
  const roles = ['admin', 'manager', 'staff', 'signer', ...LEVEL_SIGNERS];
  const extra = Object.fromEntries(LEVEL_SIGNERS.map((r) => [r, [...SIGNER_PERMS]]));
  const [a, b] = [await seedCompanyWithUsers(t.db.knex, 'Own Grain', roles, extra), await seedCompanyWithUsers(t.db.knex, 'Foreign Grain', roles, extra)];
  const own = await companyObjects(t, a, opts.worker !== false, 5);
  const foreign = await companyObjects(t, b, opts.worker !== false, 7);
  const agents = {} as Record<Role, Agent>;
  for (const r of ROLES) agents[r] = r === 'anonymous' ? browserAgent(t.app) : await loginAs(t.app, a.users[r].email, TEST_PASSWORD);
  return {
    t,
    own,
    foreign,
    agents,
    login: (co, role) => loginAs(t.app, co.users[role].email, TEST_PASSWORD),
    async settle() {
      let last = await dbChecksum(t.db.knex);
      for (let stable = 0, i = 0; stable < 2 && i < 40; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const now = await dbChecksum(t.db.knex);
        stable = now === last ? stable + 1 : 0;
        last = now;
      }
    },
    async close() {
      await stopWorker();
      await t.close();
    },
  };
}

/** A route's path with its parameters filled by objects of the caller's own company. */
export function concretePath(w: World, route: string): string {
  const o = w.own;
  const ids: Record<string, string> = {
    approval: o.signingId,
    approvaltemplate: o.templateId,
    document: o.documentId,
    user: o.co.users.staff.id,
    group: o.co.groups.staff,
    signature: o.co.users.staff.id,
    address: o.co.users.staff.id,
    profile: o.companyId,
    compliance: o.complianceId,
  };
  return route
    .replace(':segment', 'establishment')
    .replace(':complianceId', o.complianceId)
    .replace(':documentId', o.documentId)
    .replace(/approvallevel\/:id/i, (m) => m.replace(':id', `${o.signingId}-L1`))
    .replace(/(approval|approvaltemplate|document|user|group|signature|address|profile|compliance)\/:id/, (_m, kind: string) => `${kind}/${ids[kind]}`)
    .replace(':companyId', o.companyId);
}
