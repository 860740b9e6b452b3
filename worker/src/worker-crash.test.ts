/**
 * The worker killed (SIGKILL) mid-chain and restarted. The standalone worker
 * (worker/dist/main.js) runs as a child process on its own task queue and a Postgres database this
 * process opens too; a 3-level 2-of-3 certificate is driven the way the API drives it, the worker is
 * killed twice while a sign's activities run, and afterwards the read model, the ledger and the
 * workflow history must hold each signature exactly once. The real `temporal` CLI then finds the
 * finished (and an overdue) certificate by its search attributes.
 *
 * Needs Postgres (PGlite is one process's memory): DATABASE_URL, else a throwaway server started from
 * /usr/lib/postgresql/*\/bin; neither means the test fails with a message saying so.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection, WorkflowUpdateStage } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { EmbeddedLedger, SmtpCatcher, SmtpMailSender } from '@grain/adapters';
import { createStores, type Db } from '@grain/persistence';
import { signUpdate } from '@grain/workflows';
import { CERTIFICATE_LIVE_TYPE } from '@grain/domain';
import {
  actorOf,
  chainDraft,
  changed,
  finalState,
  HARNESS_COMPANY_ID,
  createPostgresTestDb,
  eventually,
  requestCode,
  signWithCode,
  startThrowawayPostgres,
  submit,
  type Driver,
  type ThrowawayPostgres,
} from './certificate-test-harness';

const MAIN = path.resolve(__dirname, '../dist/main.js');
const CLI = process.env.TEMPORAL_CLI ?? '/root/.cache/grain-cert/temporal-v1.5.1/temporal';
const address = process.env.TEMPORAL_TEST_ADDRESS!;
const taskQueue = `cert-crash-${process.pid}-${Date.now()}`;

/** The standalone worker as a child process; its output is kept for the failure message. */
class WorkerProcess {
  output = '';
  private constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (b) => (this.output += b));
    child.stderr!.on('data', (b) => (this.output += b));
  }
  static async start(env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
    const w = new WorkerProcess(spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    const until = Date.now() + 30_000;
    while (!w.output.includes('worker: polling task queue')) {
      if (w.child.exitCode !== null || Date.now() > until) throw new Error(`worker did not start:\n${w.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return w;
  }
  async stop(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill(signal);
    await exited;
  }
}

let pg: ThrowawayPostgres | undefined;
let db: Db;
let catcher: SmtpCatcher;
let connection: Connection;
let driver: Driver;
let worker: WorkerProcess;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let codeMail: SmtpMailSender;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npx tsc -b && npm run build:bundle -w @grain/worker)`);
  // A server of its own, whatever DATABASE_URL says: kill 2 holds every commit of the server (holdCommits),
  // which a shared server's other tests must not wait for. synchronous_commit on (the last -c wins), so a
  // commit waits for the standby holdCommits names.
  const serverUrl = (pg = await startThrowawayPostgres({ settings: ['synchronous_commit=on'] })).url;
  const created = await createPostgresTestDb(serverUrl);
  db = created.db;
  const mail = createStores(db.knex).mail;
  catcher = new SmtpCatcher(mail);
  const smtpPort = await catcher.start(0);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-crash-'));
  env = {
    ...process.env,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    DATABASE_URL: created.url,
    CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'worker-crash-test-ca-key-secret',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
  worker = await WorkerProcess.start(env);
  connection = await Connection.connect({ address });
  // the API's side mails the codes (to the same catcher)
  codeMail = new SmtpMailSender(`smtp://127.0.0.1:${smtpPort}`, 'api@grain.test', true);
  const stores = createStores(db.knex);
  driver = { client: new Client({ connection }), mail, codeMail, otps: stores.otps, store: stores.certificates, taskQueue };
}, 90_000);

afterAll(async () => {
  await worker?.stop('SIGTERM');
  await connection?.close();
  codeMail?.close();
  await catcher?.stop();
  await db?.close();
  await pg?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Decoded JSON arguments of a history event's payloads. */
const args = (p?: { payloads?: Array<{ data?: Uint8Array | null }> | null } | null): any[] =>
  (p?.payloads ?? []).map((x) => JSON.parse(Buffer.from(x.data ?? []).toString()));

async function cliList(query: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(CLI, ['workflow', 'list', '--address', address, '--query', query, '-o', 'json']);
  const rows = JSON.parse(stdout || '[]') as Array<{ execution?: { workflowId?: string } }>;
  return rows.map((r) => r.execution?.workflowId ?? '');
}

/** Resolves once `sql` answers a row (asked every 20 ms), else fails after 30 s saying no `what` waited. */
async function untilWaiting(what: string, sql: string, bindings: Array<string | number>): Promise<void> {
  const until = Date.now() + 30_000;
  while (!(await db.knex.raw(sql, bindings)).rows.length) {
    if (Date.now() > until) throw new Error(`no ${what} waited`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Holds a table in exclusive mode (another connection's write to it waits) until `release`; `waitedOn`
 * resolves once a write of the worker waits for it.
 */
async function holdTable(table: string) {
  const trx = await db.knex.transaction();
  await trx.raw(`lock table ${table} in exclusive mode`);
  return {
    waitedOn: () =>
      untilWaiting(
        `write to ${table} for its lock`,
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike ?`,
        [`%${table}%`],
      ),
    release: () => trx.rollback(),
  };
}

/**
 * Holds every commit of the server once it is written and before anyone sees it: a synchronous standby
 * that never answers is named, so a committing session waits (wait event SyncRep) until `release`, which
 * unnames it; the commit then completes, though its client is gone. The probe (a commit of the test's
 * own) shows the hold took effect.
 */
async function holdCommits() {
  // the probe's table: a commit waits only when it wrote to the log (a row; an xid alone writes nothing there)
  await db.knex.raw('create table if not exists commit_hold_probe (at timestamptz)');
  await db.knex.raw(`alter system set synchronous_standby_names = 'held_by_worker_crash_test'`);
  await db.knex.raw('select pg_reload_conf()');
  const probe = await db.knex.client.acquireConnection();
  const probePid: number = (await probe.query('select pg_backend_pid() as pid')).rows[0].pid;
  // the setting reaches the committing sessions a moment after the reload: commit until a commit waits
  let probeDone: Promise<unknown> = Promise.resolve();
  for (let held = false, until = Date.now() + 30_000; !held;) {
    if (Date.now() > until) throw new Error('no commit waited after synchronous_standby_names was set');
    let done = false;
    probeDone = probe.query('insert into commit_hold_probe values (now())').then(() => (done = true));
    await new Promise((r) => setTimeout(r, 50));
    held = !done;
  }
  await untilWaiting('probe commit for its confirmation', `select 1 from pg_stat_activity where wait_event = 'SyncRep' and pid = ?`, [probePid]);
  return {
    /** Resolves once a commit that wrote to `table` waits. */
    waitedOn: (table: string) =>
      untilWaiting(
        `commit that wrote to ${table} for its confirmation`,
        `select 1 from pg_stat_activity a join pg_locks l on l.pid = a.pid
          where a.wait_event = 'SyncRep' and a.pid <> ? and l.relation = ?::regclass and l.mode = 'RowExclusiveLock'`,
        [probePid, table],
      ),
    async release() {
      await db.knex.raw('alter system reset synchronous_standby_names');
      await db.knex.raw('select pg_reload_conf()');
      await probeDone;
      await db.knex.client.releaseConnection(probe);
    },
  };
}

test('SIGKILL of the worker mid-chain loses and duplicates no signature', async () => {
  const late = chainDraft({ reminders: { offsetsMs: [500], overdueRepeatMs: 600_000 } }, 1500);
  const overdue = await submit(driver, late);
  const d = chainDraft();
  const handle = await submit(driver, d);
  const wfId = handle.workflowId;
  const expected = [
    ['a1', 'a2'],
    ['b1', 'b2'],
    ['c1', 'c3'],
  ];
  const kills: string[] = [];

  await signWithCode(driver, handle, d.id, 'a1');
  // Kill 1: the sign that completes level 1 is accepted; its commit (redeem, ledger, read model) is running:
  // held inside its transaction by a lock on the ledger's table (the worker heartbeats its workflow task
  // meanwhile, which carries the acceptance), killed there, the lock released after.
  {
    const { code, level } = await requestCode(driver, handle, 'a2');
    const { otpId } = await driver.otps.verify({ certificateId: d.id, level, userId: 'a2' }, code);
    const hold = await holdTable('ledger_blocks');
    const upd = await handle.startUpdate(signUpdate, { args: [{ actor: actorOf('a2'), otpId }], waitForStage: WorkflowUpdateStage.ACCEPTED });
    await hold.waitedOn();
    await worker.stop('SIGKILL');
    await hold.release();
    kills.push('after accept, its commit waiting for the ledger');
    worker = await WorkerProcess.start(env);
    expect(await changed(driver, d.id, await upd.result())).toMatchObject({ stage: 2 });
  }
  await signWithCode(driver, handle, d.id, 'b1');
  // Kill 2: the sign that completes level 2, killed once its commit is written and before the worker heard
  // it commit (every commit held at its confirmation, holdCommits), then the commit let through: the
  // commit done again must not add a block, and the pages must still hear of the change.
  {
    const signaturesBefore = await db.knex('ledger_blocks').where('idempotency_key', 'like', `${wfId}:%`).where({ record_type: 'signature' }).count({ n: '*' });
    const { code, level } = await requestCode(driver, handle, 'b2');
    const { otpId } = await driver.otps.verify({ certificateId: d.id, level, userId: 'b2' }, code);
    const hold = await holdCommits();
    const upd = await handle.startUpdate(signUpdate, { args: [{ actor: actorOf('b2'), otpId }], waitForStage: WorkflowUpdateStage.ACCEPTED });
    await hold.waitedOn('ledger_blocks');
    await worker.stop('SIGKILL');
    await hold.release();
    const n = Number(signaturesBefore[0].n);
    const until = Date.now() + 30_000;
    // the commit the dead worker made completes without it
    while (
      Number((await db.knex('ledger_blocks').where('idempotency_key', 'like', `${wfId}:%`).where({ record_type: 'signature' }).count({ n: '*' }))[0].n) <= n
    ) {
      if (Date.now() > until) throw new Error('the ledger block of b2 never appeared');
      await new Promise((r) => setTimeout(r, 20));
    }
    kills.push('after the commit of b2 was written, before the worker heard it');
    worker = await WorkerProcess.start(env);
    const signed = await changed(driver, d.id, await upd.result());
    expect(signed).toMatchObject({ stage: 3 });
    // The company's open pages were told of the version this sign made, though its commit was done again.
    const told = await db.knex('live_events').where({ type: CERTIFICATE_LIVE_TYPE }).whereRaw(`data->>'id' = ?`, [d.id]);
    expect(told.map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data).version)).toContain(signed.version);
  }
  await signWithCode(driver, handle, d.id, 'c1');
  // Kill 3: the PDF's attempt, its PDF rendered and waiting to keep it (a lock on the activity results),
  // killed there: the server notices by the attempt's missing heartbeats and the new worker makes it again.
  const holdPdf = await holdTable('activity_results');
  const last = await signWithCode(driver, handle, d.id, 'c3');
  expect(last.status).toBe('done');
  await holdPdf.waitedOn();
  await worker.stop('SIGKILL');
  await holdPdf.release();
  kills.push('while its PDF was made');
  worker = await WorkerProcess.start(env);
  const final = await finalState(driver, d.id, handle);
  expect(final.pdfKey).toBeTruthy();
  expect(kills).toHaveLength(3);

  // The workflow's own state: each level signed by exactly the expected two, once each.
  expect(final.levels.map((l) => l.signed.map((s) => s.userId))).toEqual(expected);
  // Read model: rows and the stored state agree with the workflow.
  const rows = await db.knex('certificate_levels').where({ certificate_id: d.id }).orderBy('level');
  expect(rows.map((r) => r.signed_ids)).toEqual(expected);
  expect(rows.map((r) => [r.status, r.signed_count])).toEqual([
    ['done', 2],
    ['done', 2],
    ['done', 2],
  ]);
  const stored = await createStores(db.knex).certificates.get(HARNESS_COMPANY_ID, d.id);
  expect(stored).toMatchObject({ version: final.version, state: { status: 'done' } });
  expect(stored!.state.levels.map((l) => l.signed.map((s) => s.userId))).toEqual(expected);

  // Ledger: exactly one block per event key, one signature block per signature, tx ids on the record.
  const blocks = await db.knex('ledger_blocks').where('idempotency_key', 'like', `${wfId}:%`).orderBy('block_number');
  const keys = blocks.map((b) => b.idempotency_key as string);
  expect(new Set(keys).size).toBe(keys.length);
  expect(blocks.map((b) => b.record_type)).toEqual(['submission', ...expected.flat().map(() => 'signature'), 'completion']);
  const signatureBlocks = blocks.filter((b) => b.record_type === 'signature');
  const payload = (b: { payload: unknown }) => (typeof b.payload === 'string' ? JSON.parse(b.payload) : b.payload) as { signer: string; level: number };
  expect(signatureBlocks.map((b) => [payload(b).level, payload(b).signer])).toEqual(expected.flatMap((ids, i) => ids.map((id) => [i + 1, id])));
  expect(final.levels.flatMap((l) => l.signed.map((s) => s.txId)).sort()).toEqual(signatureBlocks.map((b) => b.tx_id).sort());
  expect(await new EmbeddedLedger(createStores(db.knex).ledgerBlocks).verify()).toMatchObject({ ok: true });
  // Each code redeemed once.
  expect(await db.knex('certificate_otps').where({ certificate_id: d.id }).whereNotNull('redeemed_at').count({ n: '*' })).toEqual([{ n: '6' }]);

  // History: six accepted sign Updates, each completed once; the ledger keys scheduled are the ones stored.
  const events = (await handle.fetchHistory()).events ?? [];
  const accepted = events
    .filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'sign')
    .map((e) => e.workflowExecutionUpdateAcceptedEventAttributes!.protocolInstanceId);
  const completed = events.map((e) => e.workflowExecutionUpdateCompletedEventAttributes?.meta?.updateId).filter(Boolean);
  expect(accepted).toHaveLength(6);
  for (const id of accepted) expect(completed.filter((c) => c === id)).toHaveLength(1);
  const signers = events
    .filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'sign')
    .map((e) => args(e.workflowExecutionUpdateAcceptedEventAttributes!.acceptedRequest!.input!.args)[0].actor.id);
  expect(signers).toEqual(expected.flat());
  // The kills left their trace: work the dead worker held was timed out and done again by the new one.
  const redone = events.filter(
    (e) => e.workflowTaskTimedOutEventAttributes || e.activityTaskTimedOutEventAttributes || (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1,
  );
  console.log(`worker kills: ${kills.join('; ')}; timed out or retried after them: ${redone.length} history events`);
  expect(redone.length).toBeGreaterThanOrEqual(3);
  // The PDF's attempt cut by kill 3 was timed out by its heartbeats (seconds), not by its start-to-close (minutes).
  const pdfScheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'generateCertificatePdf')!;
  const pdfStarted = events.find((e) => String(e.activityTaskStartedEventAttributes?.scheduledEventId) === String(pdfScheduled.eventId))!;
  expect(pdfStarted.activityTaskStartedEventAttributes).toMatchObject({
    attempt: 2,
    lastFailure: { timeoutFailureInfo: { timeoutType: temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_HEARTBEAT } },
  });
  // A batch's redeem, ledger appends and read model run as one local activity: the tx ids its recorded
  // markers hold are exactly the blocks' tx ids, each once (a commit redone after a kill found its blocks).
  const commitMarkers = events
    .map((e) => e.markerRecordedEventAttributes)
    .filter((m) => m?.markerName === 'core_local_activity')
    .filter((m) => args(m!.details!.data)[0].activity_type === 'commitCertificateBatch');
  expect(commitMarkers.flatMap((m) => args(m!.details!.result)[0].txIds as string[]).sort()).toEqual(blocks.map((b) => b.tx_id as string).sort());

  // The real CLI finds the finished certificate, and the one left to go overdue, by search attributes.
  const done = await eventually(
    () => cliList(`CertificateNumber='${d.approvalNumber}' AND CertificateStatus='done'`),
    (ids) => ids.length === 1,
  );
  expect(done).toEqual([wfId]);
  const od = await eventually(
    () => cliList(`Overdue=true AND CertificateNumber='${late.approvalNumber}'`),
    (ids) => ids.length === 1,
  );
  expect(od).toEqual([overdue.workflowId]);
  await overdue.terminate('test over');
}, 240_000);
