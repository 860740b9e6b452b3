/** The real app plus a real certificate worker on its own task queue, for the certificate API tests. */
import { randomUUID } from 'node:crypto';
import type { Worker } from '@temporalio/worker';
import type { NativeConnection } from '@temporalio/worker';
import type { Adapters } from '@grain/adapters';
import { createWorker, WORKFLOWS_MODULE } from '@grain/worker';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

export interface CertHarness {
  t: TestApp;
  acme: SeededCompany;
  other: SeededCompany;
  as(role: string, company?: SeededCompany): Promise<Agent>;
  /** A farm record of the company, its grain image verified unless told otherwise. */
  farmRecord(company: SeededCompany, verified?: boolean): Promise<string>;
  /** Asks for a code as `agent` (POST approvallevel/{id}/code) and reads it from the mailbox of `email`. */
  requestOtp(agent: Agent, levelId: string, email: string): Promise<string>;
  /** Stops the worker: the workflows stay on a task queue nobody polls. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface CertHarnessOptions {
  /** Puts something around the worker's adapters (a gate before the PDF renderer, say); the app keeps the real ones. */
  workerAdapters?: (real: Adapters) => Adapters;
}

/**
 * The issued PDF of certificate `id`, as `agent` downloads it: the last sign answers before the PDF is made
 * (409 PDF_PENDING meanwhile), so this asks again until it is there.
 */
export async function pdfOf(agent: Agent, id: string): Promise<Buffer> {
  for (let i = 0; i < 150; i++) {
    const res = await agent
      .get(`/api/company/approval/${id}?format=pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    if (res.status === 200) return res.body as Buffer;
    if (res.status !== 409) throw new Error(`the PDF answered ${res.status}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no PDF after 30 s');
}

async function startCertHarness(env: Record<string, string> = {}, opts: CertHarnessOptions = {}): Promise<CertHarness> {
  const taskQueue = `cert-api-${randomUUID()}`;
  const t = await createTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, ...env });
  const { worker, connection }: { worker: Worker; connection: NativeConnection } = await createWorker({
    address: process.env.TEMPORAL_TEST_ADDRESS!,
    taskQueue,
    workflowsPath: WORKFLOWS_MODULE,
    deps: { config: t.deps.config, stores: t.deps.stores, adapters: opts.workerAdapters ? opts.workerAdapters(t.deps.adapters) : t.deps.adapters },
    notifications: t.db.notifications,
  });
  const running = worker.run();
  const roles = ['admin', 'manager', 'staff', 'signer', 'signer2', 'signer3'];
  const signerPerms = ['viewInfo', 'editInfo', 'viewApproval', 'viewDocument', 'signApproval', 'signDocument'] as const;
  const acme = await seedCompanyWithUsers(t.db.knex, 'Acme Grain', roles, { signer2: [...signerPerms], signer3: [...signerPerms] });
  const other = await seedCompanyWithUsers(t.db.knex, 'Other Farms', ['admin', 'signer']);
  const agents = new Map<string, Agent>();
  const stopWorker = async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await running.catch(() => undefined);
  };
  return {
    t,
    acme,
    other,
    async as(role, company = acme) {
      const email = company.users[role].email;
      if (!agents.has(email)) agents.set(email, await loginAs(t.app, email, TEST_PASSWORD));
      return agents.get(email)!;
    },
    async farmRecord(company, verified = true) {
      const r = await t.deps.stores.farmData.create(company.companyId, company.users.admin.id, {
        grainType: 'Wheat',
        harvestGrade: 'APH',
        storageLocation: 'Silo 7',
        quantity: 1200,
        protein: 91.5,
        moisture: 11.2,
        productionDate: '2025-01-15',
        dataType: 'Manual',
      });
      if (verified) await t.db.knex('farm_data').where({ id: r._id }).update({ image_validation: 'Verified' });
      return r._id;
    },
    async requestOtp(agent, levelId, email) {
      const [last] = await t.mailbox.list({ limit: 1 });
      const res = await agent.post(`/api/company/approvallevel/${levelId}/code`).send({});
      if (res.status !== 200) throw new Error(`requestOtp: ${res.status} ${JSON.stringify(res.body)}`);
      for (let i = 0; i < 100; i++) {
        // not only the newest: a notice sent after the last answer may arrive after the code
        const m = (await t.mailbox.list({ to: email, limit: 20, afterId: last?.id ?? 0 })).find((x) => /Signing code/.test(x.subject ?? ''));
        const code = m ? /is (\d{6})\./.exec(m.text ?? '')?.[1] : undefined;
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no OTP mail for ${email}`);
    },
    stopWorker,
    async close() {
      await stopWorker();
      await connection.close();
      await t.close();
    },
  };
}

/**
 * Starts the harness before the file's tests (with a test time-out that covers the real worker) and
 * closes it after. The answer forwards to the running harness, so tests write `h.as('manager')`.
 */
export function useCertHarness(env: Record<string, string> = {}, timeoutMs = 180_000, opts: CertHarnessOptions = {}): CertHarness {
  let running: CertHarness | undefined;
  jest.setTimeout(timeoutMs);
  beforeAll(async () => {
    running = await startCertHarness(env, opts);
  });
  afterAll(async () => running?.close());
  return new Proxy({} as CertHarness, {
    get(_target, prop) {
      if (!running) throw new Error('the certificate harness is not started yet (use it inside a test or a beforeAll)');
      return Reflect.get(running, prop);
    },
  });
}

/** yyyy-mm-dd `n` days from now: a due date the API accepts. */
export const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
