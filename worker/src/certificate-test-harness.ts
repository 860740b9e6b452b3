/**
 * Test harness for the certificate workflow: a real worker on the shared dev server, activities on a
 * fresh database, real SMTP on loopback, the embedded ledger, Chromium and file storage in a tmp dir.
 * Used by the worker's integration tests and the bench script (not part of the runtime).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { buildAdapters, closeAdapters, mailSigningCode, SmtpCatcher, loadConfig, type Adapters, type MailSender } from '@grain/adapters';
import { createStores, openDb, type CertificateStore, type Db, type MailStore, type OtpStore } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import {
  assertAccepted,
  certificateMailContext,
  certificateWorkflowId,
  currentLevel,
  type CertificateDraft,
  type CertificateState,
  type CommandActor,
  type Signer,
} from '@grain/domain';
import { certificateStartSearchAttributes, certificateWorkflow, signUpdate, stateQuery, type CertificateChanged } from '@grain/workflows';
import type { ActivityDeps } from '@grain/activities';
import { createWorker, WORKFLOWS_MODULE, type CreateWorkerOptions, type WorkerDeployment } from './create-worker';

export interface Harness {
  db: Db;
  /** What the harness's worker runs on: another worker (another version) can be made from it. */
  deps: ActivityDeps;
  client: Client;
  connection: Connection;
  worker: Worker;
  taskQueue: string;
  mail: MailStore;
  /** What mails a signing code (the API's port; the harness's catcher receives it). */
  codeMail: MailSender;
  otps: OtpStore;
  store: CertificateStore;
  adapters: Adapters;
  dataDir: string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  deployment?: WorkerDeployment;
  /** Puts something around the real adapters (a gate before the PDF renderer, say) before the worker starts. */
  adapters?: (real: Adapters) => Adapters;
  tuning?: CreateWorkerOptions['tuning'];
}

export async function startHarness(taskQueue: string, opts: HarnessOptions = {}): Promise<Harness> {
  const address = process.env.TEMPORAL_TEST_ADDRESS!;
  const db = await createTestDb();
  await seedHarnessCompany(db);
  const stores = createStores(db.knex);
  const mail = stores.mail;
  const catcher = new SmtpCatcher(mail);
  const port = await catcher.start(0);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-cert-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv), temporalAddress: address, taskQueue };
  // The embedded set: SmtpMailSender to the catcher, EmbeddedLedger, ChromiumPdfRenderer, LocalFileStorage in dataDir.
  const real: Adapters = buildAdapters(config, stores, { smtpCatcherPort: port });
  const adapters = opts.adapters ? opts.adapters(real) : real;
  const { worker, connection: workerConnection } = await createWorker({
    address,
    taskQueue,
    deps: { config, stores, adapters },
    notifications: db.notifications,
    workflowsPath: WORKFLOWS_MODULE,
    deployment: opts.deployment,
    tuning: opts.tuning,
  });
  const running = worker.run();
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  return {
    db,
    deps: { config, stores, adapters },
    client,
    connection,
    worker,
    taskQueue,
    mail,
    codeMail: adapters.mail,
    otps: stores.otps,
    store: stores.certificates,
    adapters,
    dataDir,
    async close() {
      worker.shutdown();
      await running.catch(() => undefined);
      await workerConnection.close();
      await connection.close();
      await catcher.stop();
      await closeAdapters(real);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const signer = (id: string): Signer => ({ id, name: `Signer ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
export const actorOf = (id: string): CommandActor => ({ id, name: `Signer ${id}` });
export const SUBMITTER = { id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' };
/** The harness's company: a uuid like every real company id (activities look the issuer up by it). */
export const HARNESS_COMPANY_ID = '00000000-0000-4000-8000-0000000c0de0';
export const HARNESS_COMPANY_NAME = 'Harness Grain Co';
/** The workflow id of a harness certificate, as the API names it on submit. */
export const harnessWorkflowId = (d: Pick<CertificateDraft, 'id' | 'approvalNumber'>) => certificateWorkflowId(d, HARNESS_COMPANY_NAME);

/** The issuing company of the harness's certificates: its seal seals every issued PDF. */
async function seedHarnessCompany(db: Db): Promise<void> {
  await db.knex('companies').insert({ id: HARNESS_COMPANY_ID, name: HARNESS_COMPANY_NAME }).onConflict('id').ignore();
}

let seq = 0;
/** A 3-level, 2-of-3 chain due in a week (or `dueInMs`). */
export function chainDraft(over: Partial<CertificateDraft> = {}, dueInMs = 7 * 86_400_000): CertificateDraft {
  const id = `t${Date.now().toString(36)}${(seq++).toString(36)}`;
  const due = (n: number) => new Date(Date.now() + dueInMs + n * 1000).toISOString();
  return {
    id,
    approvalNumber: `N-${id}`,
    approvalName: `Barley lot ${id}`,
    companyId: HARNESS_COMPANY_ID,
    submitter: SUBMITTER,
    approvalDoc: {
      id: 'farm-1',
      name: 'Farm record 1',
      docType: 'certificate',
      farm: { storageLocation: 'Geelong silo 4', protein: 84.5, membershipNumber: 'Member ID 77' },
    },
    levels: [
      { group: 'Farm Data Signing', signers: ['a1', 'a2', 'a3'].map(signer), signatures: 2, deadline: due(0) },
      { group: 'Transportation Signing', signers: ['b1', 'b2', 'b3'].map(signer), signatures: 2, deadline: due(1) },
      { group: 'Inspection Signing', signers: ['c1', 'c2', 'c3'].map(signer), signatures: 2, deadline: due(2) },
    ],
    escalateTo: [{ id: 'mgr', name: 'Mia Manager', email: 'mgr@grain.test' }],
    ...over,
  };
}

/** What driving a certificate needs (a Harness, or a client + database beside a worker in another process). */
export type Driver = Pick<Harness, 'client' | 'mail' | 'codeMail' | 'otps' | 'store' | 'taskQueue'>;

export async function submit(h: Driver, draft: CertificateDraft): Promise<WorkflowHandle<typeof certificateWorkflow>> {
  const input = { certificate: draft, submittedBy: { id: SUBMITTER.id, name: SUBMITTER.name } };
  // started as the API starts it (CertificateWorkflows.start): the submitted certificate's search attributes
  return h.client.workflow.start(certificateWorkflow, {
    workflowId: harnessWorkflowId(draft),
    taskQueue: h.taskQueue,
    args: [input],
    typedSearchAttributes: certificateStartSearchAttributes(input, HARNESS_COMPANY_NAME),
  });
}

/**
 * What the API does on "Sign Now": a code for the current level, mailed (its request-code command, here
 * with the certificate as the workflow shows it, after the same check), read from the mailbox.
 */
export async function requestCode(h: Driver, handle: WorkflowHandle, userId: string): Promise<{ code: string; level: number }> {
  const s = await handle.query(stateQuery);
  assertAccepted(s, { type: 'sign', actor: actorOf(userId), at: new Date().toISOString() });
  const l = currentLevel(s)!;
  const user = l.signers.find((x) => x.id === userId)!;
  await mailSigningCode(
    { otps: h.otps, mail: h.codeMail, publicUrl: 'http://localhost:3000' },
    {
      binding: { certificateId: s.id, level: l.level, userId, contentHash: s.contentHash },
      user: { id: user.id, name: user.name, email: user.email },
      ctx: certificateMailContext(s, l.level),
    },
  );
  // the newest signing-code mail (a level-start notice may arrive after it)
  const m = (await h.mail.list({ to: `${userId}@grain.test`, limit: 20 })).find((x) => /^Signing code/.test(x.subject ?? ''));
  const code = /code .* is (\d{6})\./.exec(m?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${userId}`);
  return { code, level: l.level };
}

/**
 * The certificate after a change, as the API answers it: the read model, which must show the version the
 * Update (or the workflow's end) answered by then (the workflow writes it before it answers).
 */
export async function changed(h: Pick<Driver, 'store'>, certificateId: string, answer: CertificateChanged): Promise<CertificateState> {
  const stored = await h.store.get(HARNESS_COMPANY_ID, certificateId);
  if (!stored || stored.version < answer.version)
    throw new Error(`the read model shows version ${stored?.version ?? 'none'} of ${certificateId}; the workflow answered ${answer.version}`);
  return stored.state;
}

/** The certificate once its workflow ended, from the read model. */
export async function finalState(
  h: Pick<Driver, 'store'>,
  certificateId: string,
  handle: WorkflowHandle<typeof certificateWorkflow>,
): Promise<CertificateState> {
  return changed(h, certificateId, await handle.result());
}

/** A sign with a fresh code, as the API makes it; answers the certificate as the read model shows it then. */
export async function signWithCode(h: Driver, handle: WorkflowHandle, certificateId: string, userId: string): Promise<CertificateState> {
  const { code, level } = await requestCode(h, handle, userId);
  const { otpId } = await h.otps.verify({ certificateId, level, userId }, code);
  return changed(h, certificateId, await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(userId), otpId, note: `ok from ${userId}` }] }));
}

/**
 * The payloads of a history the Temporal Web UI cannot show: it reads every payload's data as JSON first
 * and warns "Could not parse payload" when that fails, as for the `binary/null` payload an activity that
 * answers nothing (`undefined`) records. Each as `<event id> <where in the event> (<encoding>)`.
 */
export function payloadsTheWebUiCannotRead(history: { events?: unknown[] | null }): string[] {
  const found: string[] = [];
  const text = new TextDecoder();
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object' || node instanceof Uint8Array) return;
    const o = node as Record<string, unknown>;
    const encoding = (o.metadata as Record<string, unknown> | null | undefined)?.encoding;
    if (encoding instanceof Uint8Array) {
      try {
        JSON.parse(text.decode((o.data as Uint8Array | null | undefined) ?? new Uint8Array()));
      } catch {
        found.push(`${where} (${text.decode(encoding)})`);
      }
      return;
    }
    for (const [k, v] of Object.entries(o)) walk(v, `${where}.${k}`);
  };
  for (const e of history.events ?? []) walk(e, String((e as { eventId?: unknown }).eventId));
  return found;
}

export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A fresh, migrated database on the Postgres server at `serverUrl`, with its own URL (for a second process). */
export async function createPostgresTestDb(serverUrl: string): Promise<{ db: Db; url: string }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openDb({ databaseUrl: serverUrl }, { migrate: false });
  await admin.knex.raw(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: u.toString() });
  await seedHarnessCompany(db);
  const close = async () => {
    await db.close();
    await admin.knex.raw(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  return { db: { ...db, close }, url: u.toString() };
}

export interface ThrowawayPostgres {
  url: string;
  /** The server's guard process (its parent): for CPU accounting. */
  pid: number;
  stop(): Promise<void>;
}

/** The newest local Postgres server binaries (Debian layout), or undefined. */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * Starts a throwaway Postgres (initdb in a tmp dir, free port, trust auth on loopback) for tests that
 * need a database two processes can open, when DATABASE_URL is not given. Runs as user postgres when
 * we are root. A shell guard ends the server when this process dies, however it dies. `tuned` trades
 * durability for speed (fsync off), fine for a database that is deleted afterwards; `settings` are
 * extra `name=value` server settings.
 */
export async function startThrowawayPostgres(opts: { tuned?: boolean; maxConnections?: number; settings?: string[] } = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      'this test needs Postgres: set DATABASE_URL to a Postgres server, or install the Debian package postgresql (initdb under /usr/lib/postgresql/*/bin)',
    );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', dir]);
  // setpriv execs the server itself (no intermediate process), so the guard's signal reaches postgres.
  const run = (cmd: string, args: string[]) =>
    (asRoot ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  execFileSync(...run(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']), {
    stdio: 'pipe',
  });
  const port = await new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
  const settings = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `port=${port}`,
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    `max_connections=${opts.maxConnections ?? 200}`,
  ];
  if (opts.tuned !== false) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  for (const x of opts.settings ?? []) settings.push('-c', x);
  const guard = `"$0" "$@" & child=$!
trap 'kill -INT $child 2>/dev/null; wait $child; exit 0' TERM INT
while kill -0 ${process.pid} 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1 & wait $!; done
kill -INT $child 2>/dev/null; wait $child; rm -rf '${dir}'`;
  const [cmd, args] = run(path.join(bin, 'postgres'), ['-D', path.join(dir, 'data'), ...settings]);
  const log = openSync(path.join(dir, 'postgres.log'), 'a');
  if (asRoot) execFileSync('chown', ['postgres:', path.join(dir, 'postgres.log')]);
  const child = spawn('sh', ['-c', guard, cmd, ...args], { stdio: ['ignore', log, log] });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (child.exitCode === null && !child.signalCode) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  // pg_isready asks quietly until the server takes connections (a refused connection through knex is logged)
  const isReady = path.join(bin, 'pg_isready');
  const ready = () => {
    if (!existsSync(isReady)) return true; // then knex's own try
    try {
      execFileSync(isReady, ['-q', '-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  for (;;) {
    try {
      if (!ready()) throw new Error(`no answer on port ${port} yet`);
      await (await openDb({ databaseUrl: url }, { migrate: false })).close();
      return { url, pid: child.pid!, stop };
    } catch (e) {
      if (child.exitCode !== null || Date.now() > until) {
        const tail = readFileSync(path.join(dir, 'postgres.log'), 'utf8').slice(-2000);
        await stop();
        throw new Error(`throwaway Postgres did not start: ${(e as Error).message}\n${tail}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
