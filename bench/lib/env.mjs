// The system under benchmark, built from the packages' dist: a Temporal dev server with its file
// database, the database (Postgres, or PGlite as `npm start` runs it), a worker, real SMTP on loopback
// and a Temporal client doing what the API does. Two topologies:
//  - 'postgres': the worker as its own process (bench/lib/worker-process.cjs), the "API" (this
//    process) and the worker sharing a Postgres database;
//  - 'pglite': one process holding the embedded PGlite file database, the worker and the "API", as
//    `npm start` runs with no DATABASE_URL.
import console from 'node:console';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fork } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { memoryOf, workerMemory } from './settled-memory.cjs';
import { certificateDriver } from './certificates.mjs';
import { httpCertificateDriver, seedSigners, signIn, startApiProcess, stopApiProcess } from './http-certificates.mjs';

const require = createRequire(import.meta.url);
const { Client, Connection } = require('@temporalio/client');
const { SmtpCatcher, SmtpMailSender, loadConfig, buildAdapters, closeAdapters } = require('@grain/adapters');
const { openDb, createStores } = require('@grain/persistence');
const { createWorker, WORKER_NODE_OPTIONS } = require('@grain/worker');
const { createPostgresTestDb, HARNESS_COMPANY_ID } = require('@grain/worker/dist/certificate-test-harness.js');
const { PooledSmtpMailSender } = require('./pooled-mail-sender.cjs');

/**
 * An in-memory mailbox behind a real SMTP listener: the signing codes by recipient. (The dev
 * mailbox's database table is a developer tool; a production system mails out over SMTP_URL.)
 */
export class CodeMailbox {
  codes = new Map();
  count = 0;
  async add(m) {
    this.count++;
    const code = /code .* is (\d{6})\./.exec(m.text ?? '')?.[1];
    // by recipient, and by recipient and certificate number (the HTTP driver's signers sign many at once)
    const number = /^Signing code for certificate (\S+), level/.exec(m.subject ?? '')?.[1];
    if (code && number) for (const to of m.to) for (const k of [to.toLowerCase(), `${to.toLowerCase()}|${number}`]) this.codes.set(k, code);
    return this.count;
  }
  take(email, number) {
    const k = number === undefined ? email.toLowerCase() : `${email.toLowerCase()}|${number}`;
    const c = this.codes.get(k);
    this.codes.delete(k);
    return c;
  }
}

/**
 * Starts one system under test on the given dev server. `tuning` goes to createWorker (worker
 * options); `poolMax` sizes the worker's database pool (DATABASE_POOL_MAX); `mail: 'pooled'` swaps in
 * the mail sender with its SMTP pool on (bench/lib/pooled-mail-sender.cjs) for the adapter's;
 * `workers` (postgres topology) forks that many worker processes on the system's task queue; `api: true`
 * (postgres topology) starts the API process too and drives ours through HTTP (bench/lib/http-certificates.mjs).
 * @returns the driver's view: client, otps, store, knex, mailbox, codeMail (the API's mail port), taskQueue, workerPid, memory(), close().
 */
export async function startSystem({ temporal, topology, postgresUrl, tuning = {}, poolMax, mail = 'adapter', logDir, workers = 1, api = false }) {
  const taskQueue = `bench-${topology}-${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-'));
  const mailbox = new CodeMailbox();
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const cleanup = [async () => connection.close(), async () => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const f of cleanup.reverse()) await f().catch((e) => console.error('bench cleanup:', e.message));
  };
  try {
    if (topology === 'postgres') {
      const { db, url } = await createPostgresTestDb(postgresUrl);
      cleanup.push(() => db.close());
      const catcher = new SmtpCatcher(mailbox);
      const smtpPort = await catcher.start(0);
      cleanup.push(() => catcher.stop());
      // This process is the API: it mails the signing codes itself (the request-code command).
      const codeMail =
        mail === 'pooled'
          ? new PooledSmtpMailSender(`smtp://127.0.0.1:${smtpPort}`, 'bench@grain.test')
          : new SmtpMailSender(`smtp://127.0.0.1:${smtpPort}`, 'bench@grain.test', true);
      cleanup.push(async () => codeMail.close());
      // `workers` processes on the one task queue: Temporal spreads the tasks among them (scale-out).
      const forkWorker = async (i) => {
        const out = openSync(path.join(logDir, `${taskQueue}-${i}.log`), 'a');
        const child = fork(path.resolve(import.meta.dirname, 'worker-process.cjs'), [], {
          // the worker's own Node options (worker/src/runtime.ts), as worker/dist/main.js runs with them;
          // BENCH_CPU_PROF=<dir>: a CPU profile of every thread of the worker (node --cpu-prof), to find where its time goes.
          execArgv: [
            '--expose-gc',
            ...WORKER_NODE_OPTIONS,
            ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
          ],
          stdio: ['ignore', out, out, 'ipc'],
          env: {
            ...process.env,
            TEMPORAL_ADDRESS: temporal.address,
            TEMPORAL_TASK_QUEUE: taskQueue,
            DATABASE_URL: url,
            CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-env-ca-key-secret',
            DATA_DIR: dataDir,
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            BENCH_WORKER_TUNING: JSON.stringify(tuning),
            BENCH_MAIL: mail,
            ...(poolMax ? { DATABASE_POOL_MAX: String(poolMax) } : {}),
          },
        });
        const replies = [];
        child.on('message', (m) => replies.shift()?.(m));
        const next = () =>
          new Promise((resolve, reject) => {
            replies.push(resolve);
            child.once('exit', (c) => reject(new Error(`bench worker exited (${c}); see ${logDir}/${taskQueue}-${i}.log`)));
          });
        await next();
        cleanup.push(
          () =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
              child.once('exit', () => {
                clearTimeout(t);
                resolve();
              });
              child.send('stop');
            }),
        );
        return { child, next };
      };
      const children = [];
      for (let i = 0; i < workers; i++) children.push(await forkWorker(i));
      const [{ child, next }] = children;
      const http = {};
      if (api) {
        http.signers = await seedSigners(db.knex);
        const a = await startApiProcess({ url, temporalAddress: temporal.address, taskQueue, smtpPort, dataDir, logDir });
        cleanup.push(() => stopApiProcess(a.child));
        http.apiPid = a.child.pid;
        http.apiBase = `http://127.0.0.1:${a.port}`;
        await signIn(http.apiBase, http.signers);
      }
      return {
        topology,
        driver: api ? httpCertificateDriver : certificateDriver,
        ...http,
        client,
        taskQueue,
        mailbox,
        codeMail,
        knex: db.knex,
        otps: createStores(db.knex).otps,
        store: createStores(db.knex).certificates,
        workerPid: child.pid,
        workerPids: children.map((c) => c.child.pid),
        close,
        memory: ({ settled = false } = {}) => workerMemory(next, child, settled),
      };
    }
    // pglite: everything in this process, as `npm start` without DATABASE_URL.
    const db = await openDb({ dataDir });
    cleanup.push(() => db.close());
    // the issuing company of the bench's certificates (as the Postgres test database is seeded)
    await db.knex('companies').insert({ id: HARNESS_COMPANY_ID, name: 'Harness Grain Co' }).onConflict('id').ignore();
    const catcher = new SmtpCatcher(mailbox);
    const smtpPort = await catcher.start(0);
    cleanup.push(() => catcher.stop());
    const config = { ...loadConfig({ DATA_DIR: dataDir }), temporalAddress: temporal.address, taskQueue };
    const adapters = buildAdapters(config, createStores(db.knex), { smtpCatcherPort: smtpPort });
    if (mail === 'pooled') {
      adapters.mail.close?.();
      adapters.mail = new PooledSmtpMailSender(`smtp://127.0.0.1:${smtpPort}`, config.mailFrom);
    }
    cleanup.push(() => closeAdapters(adapters));
    const { worker, connection: wc } = await createWorker({
      address: temporal.address,
      taskQueue,
      deps: { config, stores: createStores(db.knex), adapters },
      notifications: db.notifications,
      tuning,
    });
    const running = worker.run();
    cleanup.push(async () => {
      worker.shutdown();
      await running.catch(() => undefined);
      await wc.close();
    });
    return {
      topology,
      driver: certificateDriver,
      client,
      taskQueue,
      mailbox,
      codeMail: adapters.mail,
      knex: db.knex,
      otps: createStores(db.knex).otps,
      store: createStores(db.knex).certificates,
      workerPid: process.pid,
      close,
      memory: ({ settled = false } = {}) => memoryOf(settled, worker),
    };
  } catch (e) {
    await close();
    throw e;
  }
}
