/**
 * Test harness for the certificate workflow: a real worker on the shared dev server, activities on a
 * fresh database, real SMTP on loopback, the embedded ledger, Chromium and file storage in a tmp dir.
 * Used by the worker's integration tests and the bench script (not part of the runtime).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { buildAdapters, closeAdapters, SmtpCatcher, loadConfig, type Adapters } from '@grain/adapters';
import { createTestDb, KnexCertificateStore, MailStore, OtpStore, type Db } from '@grain/persistence';
import { certificateWorkflowId, type CertificateDraft, type CommandActor, type Signer } from '@grain/domain';
import { certificateWorkflow, requestOtpUpdate, signUpdate } from '@grain/workflows';
import { createWorker, WORKFLOWS_MODULE } from './create-worker';

export interface Harness {
  db: Db;
  client: Client;
  connection: Connection;
  worker: Worker;
  taskQueue: string;
  mail: MailStore;
  otps: OtpStore;
  store: KnexCertificateStore;
  adapters: Adapters;
  dataDir: string;
  close(): Promise<void>;
}

export async function startHarness(taskQueue: string): Promise<Harness> {
  const address = process.env.TEMPORAL_TEST_ADDRESS!;
  const db = await createTestDb();
  const mail = new MailStore(db.knex);
  const catcher = new SmtpCatcher(mail);
  const port = await catcher.start(0);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-cert-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv), temporalAddress: address, taskQueue };
  // The embedded set: SmtpMailSender to the catcher, EmbeddedLedger, ChromiumPdfRenderer, LocalFileStorage in dataDir.
  const adapters: Adapters = buildAdapters(config, db.knex, { smtpCatcherPort: port });
  const { worker, connection: workerConnection } = await createWorker({
    address, taskQueue, deps: { config, knex: db.knex, adapters }, workflowsPath: WORKFLOWS_MODULE,
  });
  const running = worker.run();
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  return {
    db, client, connection, worker, taskQueue, mail, otps: new OtpStore(db.knex), store: new KnexCertificateStore(db.knex), adapters, dataDir,
    async close() {
      worker.shutdown();
      await running.catch(() => undefined);
      await workerConnection.close();
      await connection.close();
      await catcher.stop();
      await closeAdapters(adapters);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const signer = (id: string): Signer => ({ id, name: `Signer ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
export const actorOf = (id: string): CommandActor => ({ id, name: `Signer ${id}` });
export const SUBMITTER = { id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' };

let seq = 0;
/** A 3-level, 2-of-3 chain due in a week (or `dueInMs`). */
export function chainDraft(over: Partial<CertificateDraft> = {}, dueInMs = 7 * 86_400_000): CertificateDraft {
  const id = `t${Date.now().toString(36)}${(seq++).toString(36)}`;
  const due = (n: number) => new Date(Date.now() + dueInMs + n * 1000).toISOString();
  return {
    id, approvalNumber: `N-${id}`, approvalName: `Barley lot ${id}`, companyId: 'co-test', submitter: SUBMITTER,
    approvalDoc: { id: 'farm-1', name: 'Farm record 1', docType: 'certificate', farm: { storageLocation: 'Geelong silo 4', protein: 84.5, membershipNumber: 'Member ID 77' } },
    levels: [
      { group: 'Farm Data Signing', signers: ['a1', 'a2', 'a3'].map(signer), signatures: 2, deadline: due(0) },
      { group: 'Transportation Signing', signers: ['b1', 'b2', 'b3'].map(signer), signatures: 2, deadline: due(1) },
      { group: 'Inspection Signing', signers: ['c1', 'c2', 'c3'].map(signer), signatures: 2, deadline: due(2) },
    ],
    escalateTo: [{ id: 'mgr', name: 'Mia Manager', email: 'mgr@grain.test' }],
    ...over,
  };
}

export async function submit(h: Harness, draft: CertificateDraft): Promise<WorkflowHandle<typeof certificateWorkflow>> {
  return h.client.workflow.start(certificateWorkflow, {
    workflowId: certificateWorkflowId(draft.id), taskQueue: h.taskQueue, args: [{ certificate: draft, submittedBy: { id: SUBMITTER.id, name: SUBMITTER.name } }],
  });
}

/** What the API does on "Sign Now": ask for a code, read it from the mailbox, verify it, send the sign Update. */
export async function requestCode(h: Harness, handle: WorkflowHandle, userId: string): Promise<{ code: string; level: number }> {
  const r = await handle.executeUpdate(requestOtpUpdate, { args: [{ actor: actorOf(userId) }] });
  // the newest signing-code mail (a level-start notice may arrive after it)
  const m = (await h.mail.list({ to: `${userId}@grain.test`, limit: 20 })).find((x) => /^Signing code/.test(x.subject ?? ''));
  const code = /code .* is (\d{6})\./.exec(m?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${userId}`);
  return { code, level: r.level };
}

export async function signWithCode(h: Harness, handle: WorkflowHandle, certificateId: string, userId: string) {
  const { code, level } = await requestCode(h, handle, userId);
  const { otpId } = await h.otps.verify({ certificateId, level, userId }, code);
  return handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(userId), otpId, note: `ok from ${userId}` }] });
}

export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}
