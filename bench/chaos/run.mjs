// The chaos run: N certificates through 3 levels of 2-of-3 signatures while the worker
// process is killed with SIGKILL and the Temporal dev server (file database) is restarted at random
// moments; then every certificate must be final and the read model, the ledger and the workflow
// histories must agree. The worker is `node worker/dist/main.js` against Postgres, as in production.
import console from 'node:console';
import process from 'node:process';
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { startDevServer, freePort } from '../../scripts/temporal-dev.mjs';
import { CodeMailbox } from '../lib/env.mjs';
import { chaosDraft, driveCertificate } from './drive.mjs';
import { verifyRun } from './verify.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');
const { Client, Connection } = require('@temporalio/client');
const { SmtpCatcher, SmtpMailSender } = require('@grain/adapters');
const { createStores } = require('@grain/persistence');
const { createPostgresTestDb, startThrowawayPostgres } = require('@grain/worker/dist/certificate-test-harness.js');

/** `n` distinct random points in (lo, hi), sorted. */
const randomPoints = (n, lo, hi) => Array.from({ length: n }, () => lo + Math.random() * (hi - lo)).sort((a, b) => a - b);

export async function runChaos({ bin, count, kills, restarts, concurrency, workDir }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'grain-chaos-'));
  const cleanup = [() => rmSync(tmp, { recursive: true, force: true })];
  const log = (m) => console.log(`[chaos ${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  const t0 = performance.now();
  try {
    // Temporal dev server with its file database, on a fixed port so clients find it after a restart.
    const port = await freePort();
    const dbFile = path.join(tmp, 'temporal.db');
    const devLog = path.join(workDir, 'chaos-temporal.log');
    let temporal = await startDevServer({ bin, port, dbFile, headless: true, logFile: devLog });
    cleanup.push(() => temporal.stop());

    // Postgres: DATABASE_URL's server, or a throwaway one; a fresh database inside it either way.
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const pg = await startThrowawayPostgres({ maxConnections: 200 });
      cleanup.push(() => pg.stop());
      serverUrl = pg.url;
    }
    const { db, url } = await createPostgresTestDb(serverUrl);
    cleanup.push(() => db.close());
    const mailbox = new CodeMailbox();
    const catcher = new SmtpCatcher(mailbox);
    const smtpPort = await catcher.start(0);
    cleanup.push(() => catcher.stop());

    // The worker process, restarted whenever it ends (killed by us, or fallen over on its own).
    const taskQueue = `chaos-${Date.now().toString(36)}`;
    const workerLog = openSync(path.join(workDir, 'chaos-worker.log'), 'a');
    const workerEnv = {
      ...process.env,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      DATABASE_URL: url,
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'chaos-run-ca-key-secret',
      DATA_DIR: path.join(tmp, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    };
    let worker;
    let stopping = false;
    let unexpectedExits = 0;
    const spawnWorker = () => {
      const child = spawn(process.execPath, [path.join(root, 'worker/dist/main.js')], { env: workerEnv, stdio: ['ignore', workerLog, workerLog] });
      child.on('exit', (code, signal) => {
        if (stopping || child.killedByChaos) return;
        unexpectedExits++;
        log(`worker exited on its own (${signal ?? code}); restarting`);
        worker = spawnWorker();
      });
      return child;
    };
    worker = spawnWorker();
    cleanup.push(async () => {
      stopping = true;
      worker.kill('SIGTERM');
      await new Promise((r) => (worker.exitCode !== null ? r() : worker.once('exit', r)));
    });

    const connection = await Connection.connect({ address: temporal.address });
    cleanup.push(() => connection.close());
    // this process is the API: it mails the signing codes (its request-code command)
    const codeMail = new SmtpMailSender(`smtp://127.0.0.1:${smtpPort}`, 'chaos@grain.test', true);
    cleanup.push(async () => codeMail.close());
    const sys = { client: new Client({ connection }), otps: createStores(db.knex).otps, codeMail, mailbox, taskQueue };

    // Faults at random points of the run's progress (signatures made out of 6 per certificate).
    const total = count * 6;
    const faults = [
      ...randomPoints(kills, 0.02 * total, 0.95 * total).map((at) => ({ at, kind: 'kill' })),
      ...randomPoints(restarts, 0.05 * total, 0.9 * total).map((at) => ({ at, kind: 'restart' })),
    ].sort((a, b) => a.at - b.at);
    const stats = { signatures: 0, retries: 0 };
    const recoveries = [];
    let pendingRecovery = null; // { kind, n, since } until the next confirmed signature
    const onSigned = () => {
      if (pendingRecovery) {
        recoveries.push({ ...pendingRecovery, recoveryMs: performance.now() - pendingRecovery.since, atSignature: stats.signatures });
        log(`${pendingRecovery.kind} #${pendingRecovery.n}: first signature ${(performance.now() - pendingRecovery.since).toFixed(0)} ms after the fault`);
        pendingRecovery = null;
      }
    };
    let kN = 0;
    let rN = 0;
    let done = false;
    const chaos = (async () => {
      for (const f of faults) {
        while (!done && stats.signatures < f.at) await sleep(100);
        if (done) return;
        while (pendingRecovery && !done) await sleep(100); // one fault at a time: each recovery is measured alone
        if (done) return;
        if (f.kind === 'kill') {
          kN++;
          const victim = worker;
          victim.killedByChaos = true;
          const exited = new Promise((r) => victim.once('exit', r));
          victim.kill('SIGKILL');
          await exited;
          pendingRecovery = { kind: 'worker SIGKILL', n: kN, since: performance.now() };
          log(`worker SIGKILL #${kN} at ${stats.signatures}/${total} signatures`);
          worker = spawnWorker();
        } else {
          rN++;
          pendingRecovery = { kind: 'dev server restart', n: rN, since: performance.now() };
          log(`dev server restart #${rN} at ${stats.signatures}/${total} signatures`);
          await temporal.stop();
          temporal = await startDevServer({ bin, port, dbFile, headless: true, logFile: devLog });
        }
      }
    })();

    const drafts = Array.from({ length: count }, () => chaosDraft());
    let finished = 0;
    const lost = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < drafts.length) {
          const d = drafts[next++];
          try {
            await driveCertificate(sys, d, stats, onSigned);
          } catch (e) {
            if (!e.lostSignatures) throw e;
            lost.push({ id: d.id, detail: e.message });
            log(`LOST: ${e.message}`);
          }
          if (++finished % 50 === 0) log(`${finished}/${count} certificates signed through`);
        }
      }),
    );
    const driveMs = performance.now() - started;
    done = true;
    await chaos;
    log(`all ${count} certificates signed (${stats.signatures} signatures, ${stats.retries} retried steps); waiting for completion`);

    // Completion (PDF, ledger, mails) runs after the last signature: wait until every workflow closed. The
    // last sign answers once the certificate is done; its PDF follows (a PDF activity cut by a worker kill is
    // retried after its timeout), and the run ends after the PDF: wait for the PDF, not only for 'done'.
    const ids = drafts.map((d) => d.id);
    for (let i = 0; i < 600; i++) {
      const waitingFor = ids.filter((id) => !lost.some((x) => x.id === id));
      const open = await db
        .knex('certificates')
        .whereIn('id', waitingFor)
        .where((q) => q.whereNot('status', 'done').orWhereNull('pdf_key'))
        .count({ n: '*' });
      if (Number(open[0].n) === 0) break;
      await sleep(1000);
    }
    await sleep(3000);
    const check = await verifyRun({ knex: db.knex, client: sys.client, ids });
    return { count, kills: kN, restarts: rN, recoveries, stats, unexpectedExits, driveMs, totalMs: performance.now() - t0, check, concurrency, lost };
  } finally {
    for (const f of cleanup.reverse())
      await Promise.resolve()
        .then(f)
        .catch((e) => console.error('chaos cleanup:', e.message));
  }
}
