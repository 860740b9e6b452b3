/**
 * The world the security suite attacks: the real app (createTestApp: fresh database, real SMTP on
 * loopback, the shared Temporal dev server), optionally a real certificate worker on its own task
 * queue, and two companies ("own" and "foreign") each holding one object of every kind an endpoint
 * can name by id: a draft and a submitted certificate, a farm record with a verified photo, a
 * document, a template, a compliance submission (documents missing), the staff member's passkey, the
 * company's seal with its platform DID's status list published, and — with the worker — a finished
 * audit with a corrective action on one of its findings and a file of evidence.
 */
import { generateKeyPairSync, randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { encodeCBOR } from '@levischuck/tiny-cbor';
import type { Worker } from '@temporalio/worker';
import type { NativeConnection } from '@temporalio/worker';
import { buildDocx, deficientSamples, samplePng } from '@grain/adapters/testing';
import { COMPLIANCE_KINDS, platformDidOf, statusListKey } from '@grain/domain';
import { publishStatusList, sealOptionsFor } from '@grain/adapters';
import { createStores } from '@grain/persistence';
import { createWorker } from '../../worker/src/create-worker';
import { dbChecksum } from './db-checksum';
import { createTestApp, type TestApp } from '../../api/src/testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../../api/src/testing/session';

export type Role = 'admin' | 'manager' | 'staff' | 'signer' | 'anonymous';
export const ROLES: Role[] = ['admin', 'manager', 'staff', 'signer', 'anonymous'];

/** Level signers of the submitted certificate: none of the matrix roles, so no matrix call can move it. */
const LEVEL_SIGNERS = ['signer2', 'signer3', 'signer4'];
/** As the demo seed's signer group (server/src/seed.ts), corrective actions' verify + view included. */
const SIGNER_PERMS = [
  'viewInfo',
  'editInfo',
  'viewApproval',
  'viewDocument',
  'signApproval',
  'signDocument',
  'verifyCorrectiveAction',
  'viewCorrectiveAction',
] as const;

export interface CompanyObjects {
  co: SeededCompany;
  companyId: string;
  farmId: string;
  draftId: string;
  signingId: string;
  templateId: string;
  documentId: string;
  /** A compliance submission whose documents are missing (never audited). */
  complianceId: string;
  /** A finished audit with findings (with the worker; without one, the submission above stands in). */
  auditId: string;
  /** The check of that audit the action was made for (one action per finding). */
  actionCheck: number;
  /**
   * A critical corrective action on that finding, owned by the staff member, in progress after a first
   * fix was reopened by the signer (with the worker; without one, an id of nothing).
   */
  actionId: string;
  /** The file of evidence of that first fix: bound to it, so it can be read but no longer removed. */
  evidenceId: string;
  /** A passkey of the staff member (our id), and its authenticator's credential id. */
  passkeyId: string;
  passkeyCredentialId: string;
  /** What a verifier fetches of the company (its seal made, its platform DID's status list published): its CA's fingerprint (hex) and the list's key. */
  caFingerprint: string;
  statusListKey: string;
  /** Its seal certificate's fingerprint (hex): what an admin of the company may revoke. */
  sealFingerprint: string;
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

// samplePng's picture repeats with its seed modulo 40 and 50: seeds stay below 40 (5-8 for the fixed records)
let photoSeq = 10;
/**
 * A farm record of the company with a real photo through the real verifier, so it is verified and has an
 * image to serve. Each gets its own picture (the verifier refuses a photo another record already has);
 * one is needed per certificate in flight (one lot, one certificate).
 */
export async function verifiedFarmRecord(t: TestApp, co: SeededCompany, photoSeed = ++photoSeq): Promise<{ id: string }> {
  const k = t.db.knex;
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
  const photo = await t.deps.adapters.imageVerifier.submitPhoto!({
    companyId: co.companyId,
    farmDataId: farm._id,
    userId: co.users.admin.id,
    data: samplePng(640, 480, photoSeed),
  });
  if (!photo.verified) throw new Error(`world: photo not verified: ${photo.reason}`);
  await k('farm_data').where({ id: farm._id }).update({ image_validation: 'Verified' });
  return { id: farm._id };
}

/**
 * A passkey of a company's user, enrolled through the store (a real P-256 key in COSE form, as an
 * authenticator gives it; the enrolment ceremony itself is tested in the API and browser tests).
 */
async function enrolledPasskey(t: TestApp, co: SeededCompany, role: string) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const xy = publicKey.export({ format: 'jwk' });
  const cose = encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(xy.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(xy.y!, 'base64url'))],
    ]),
  );
  const credentialId = randomBytes(16).toString('base64url');
  const row = await t.deps.stores.passkeys.add({
    userId: co.users[role].id,
    companyId: co.companyId,
    credentialId,
    publicKeyCose: Buffer.from(cose).toString('base64url'),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    algorithm: 'ES256',
    counter: 0,
    transports: ['internal'],
    name: 'Staff phone',
  });
  return { passkeyId: row.id, passkeyCredentialId: credentialId };
}

/** The company's seal (so its CA, DID document and CRL exist) and its platform DID's status list, as issuing makes them. */
async function published(t: TestApp, co: SeededCompany) {
  const { config, stores } = t.deps;
  const company = (await stores.companies.byId(co.companyId))!;
  const seal = await stores.signatures.companySeal(company, config.caKeySecret, sealOptionsFor(config.publicUrl, company.id, null));
  const did = platformDidOf(config.publicUrl, company.id);
  await publishStatusList({ stores, config }, company.id, did, seal);
  const hex = (pem: string) => new X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase();
  return { caFingerprint: hex(seal.caCertificatePem), statusListKey: statusListKey(did), sealFingerprint: hex(seal.certificatePem) };
}

async function companyObjects(t: TestApp, co: SeededCompany, submit: boolean, photoSeed: number): Promise<CompanyObjects> {
  const k = t.db.knex;
  const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
  const manager = await loginAs(t.app, co.users.manager.email, TEST_PASSWORD);
  const farm = await verifiedFarmRecord(t, co, photoSeed);
  const draft = await expectOk(await manager.post('/api/company/approval/create').send(certificateBody(co, farm.id, 'created')), 'draft', 201);
  // Without a worker a submitted certificate never reaches the read model: the draft stands in.
  const signing = submit
    ? await expectOk(
        // one lot, one certificate: the certificate in flight holds a farm record of its own
        await manager.post('/api/company/approval/create').send(certificateBody(co, (await verifiedFarmRecord(t, co, photoSeed + 1)).id, 'signing')),
        'submit',
        201,
      )
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
  const action = submit ? await correctiveAction(t, co, manager) : { auditId: complianceId, actionCheck: 0, actionId: randomUUID(), evidenceId: randomUUID() };
  return {
    co,
    companyId: co.companyId,
    farmId: farm.id,
    draftId: draft.approval._id,
    signingId: signing.approval._id,
    templateId: template.approvalTemplate._id,
    documentId: doc.documents.docId,
    complianceId,
    ...action,
    ...(await enrolledPasskey(t, co, 'staff')),
    ...(await published(t, co)),
  };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 90_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`world: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A finished audit of four documents with gaps (the embedded auditor finds them), made through the API as
 * a user does: the four uploads, then the audit of the processed documents.
 */
async function finishedAudit(agent: Agent): Promise<string> {
  const id: string = (await expectOk(await agent.get('/api/compliance/create'), 'compliance form', 200)).applicant_id;
  const samples = deficientSamples(new Date());
  for (const kind of COMPLIANCE_KINDS)
    await expectOk(
      await agent.post(`/openai/${kind.segment}/${id}/upload`).attach('file', buildDocx(samples[kind.documentType]), `${kind.segment}.docx`),
      kind.segment,
      202,
    );
  const fields = ['establishmentData', 'haccpPlanData', 'pestControlData', 'managementPlanData'] as const;
  const c = await until('the four documents processed', async () => {
    const d = (await agent.get(`/api/compliance/${id}`)).body.compliance;
    return fields.every((f) => d?.[f]) ? d : null;
  });
  await expectOk(
    await agent.post(`/api/compliance/${id}/getaudit`).send({ application_id: id, ...Object.fromEntries(fields.map((f) => [f, c[f]])) }),
    'audit',
    202,
  );
  await until('the audit', async () => (await agent.get(`/api/compliance/${id}`)).body.compliance?.status === 'audited');
  return id;
}

/**
 * A corrective action through the API from a finished audit: the manager makes it (critical, owned by the
 * staff member, due in 30 days so no timer fires during a run); the owner starts it and submits a fix with a
 * PDF of evidence; the signer reopens it; the owner starts again. So it is in progress (the owner may not
 * start it again, a verifier has no fix to judge) and its evidence is bound to the first fix.
 */
async function correctiveAction(t: TestApp, co: SeededCompany, manager: Agent) {
  const auditId = await finishedAudit(manager);
  const checks = (await expectOk(await manager.get(`/api/corrective-actions/audit/${auditId}`), 'audit checks', 200)).checks as Array<{
    index: number;
    result: string;
  }>;
  const finding = checks.find((c) => c.result === 'Non-Compliant');
  if (!finding) throw new Error('world: the audit found nothing non-compliant');
  const made = await expectOk(
    await manager
      .post('/api/corrective-actions')
      .send({ complianceId: auditId, items: [{ checkIndex: finding.index, severity: 'critical', ownerId: co.users.staff.id, dueAt: day(30) }] }),
    'corrective action',
    201,
  );
  const actionId: string = made.created[0].id;
  const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
  const signer = await loginAs(t.app, co.users.signer.email, TEST_PASSWORD);
  const step = async (agent: Agent, what: string, body: object, status: string) => {
    const view = (await expectOk(await agent.post(`/api/corrective-actions/${actionId}/${what}`).send(body), what, 200)).action;
    if (view.status !== status) throw new Error(`world: ${what} left the action ${view.status}`);
  };
  await step(staff, 'start', {}, 'in_progress');
  const evidence = await expectOk(await staff.post(`/api/corrective-actions/${actionId}/evidence`).attach('file', PDF_BYTES, 'fix-plan.pdf'), 'evidence', 201);
  const evidenceId: string = evidence.evidence.id;
  await step(staff, 'fix', { note: 'Plan rewritten', evidenceIds: [evidenceId] }, 'fix_submitted');
  await step(signer, 'reopen', { reason: 'Plan still incomplete' }, 'reopened');
  await step(staff, 'start', {}, 'in_progress');
  // the read model has bound the evidence to the first fix
  await until(
    'the evidence bound',
    async () => (await createStores(t.db.knex).correctiveActions.unboundEvidence(co.companyId, actionId, [evidenceId])).length === 0,
  );
  return { auditId, actionCheck: finding.index, actionId, evidenceId };
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
    .replace('corrective-actions/audit/:complianceId', `corrective-actions/audit/${o.auditId}`)
    .replace('corrective-actions/:id', `corrective-actions/${o.actionId}`)
    .replace(':evidenceId', o.evidenceId)
    .replace(':complianceId', o.complianceId)
    .replace(':documentId', o.documentId)
    .replace(/approvallevel\/:id/i, (m) => m.replace(':id', `${o.signingId}-L1`))
    .replace(/(approval|approvaltemplate|document|user|group|signature|address|profile|compliance)\/:id/, (_m, kind: string) => `${kind}/${ids[kind]}`)
    .replace(':companyId', o.companyId);
}
