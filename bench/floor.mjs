// The floor (issue 29, item 1): the same certificate (3 levels x 2-of-3, six signs) with each effect it
// truly needs done once by the cheapest correct means, each kind measured alone (bench/lib/
// floor-process.cjs) and summed with the platform's own cost, the empty-handler ceiling's CPU per
// certificate of the same run. Reported as CPU-seconds per issued certificate, all processes summed:
// the effects process's tree (its Chromium included) and Postgres's tree (backends included), read
// from /proc before and after each kind (bench/lib/tree-cpu.mjs).
//
// The mails the product truly needs (FLOOR_MAILS = 10 SMTP messages a certificate), as the domain's
// effects name them: each level's signers told once it opens, one message to its three (3); the one-time
// code of each of the six who sign, to each alone (6); the submitter and the other signers told it is
// issued, one message (1). Not in the floor: reminders and escalations (time-driven; none fall due in a
// bench run), the verifiable credential.
import console from 'node:console';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fork } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CodeMailbox } from './lib/env.mjs';
import { treeCpuWindow } from './lib/tree-cpu.mjs';

const require = createRequire(import.meta.url);
const { SmtpCatcher } = require('@grain/adapters');
const { createPostgresTestDb, HARNESS_COMPANY_ID } = require('@grain/worker/dist/certificate-test-harness.js');

export const FLOOR_MAILS = 10;
export const FLOOR_KINDS = [
  ['sql', 'read-model writes (8 a certificate: submit, six signs, the PDF recorded; plain SQL)'],
  ['mail', `mails over pooled SMTP (${FLOOR_MAILS} a certificate)`],
  ['ledger', 'ledger appends (7 a certificate: six signatures, the completion; embedded ledger)'],
  ['pdf', 'PDF render + PAdES seal + validation data + stored (1 a certificate; warm Chromium)'],
];

/**
 * @param certificates how many certificates' worth of each effect (the PDF: min(certificates, pdfs))
 * @returns { kinds: [{ kind, label, count, wallMs, cpu: { effects, postgres }, perCertificate }], total }
 */
export async function floor({ postgresUrl, pgPid, logDir, certificates = 200, pdfs = 60, concurrency = 8 }) {
  const { db, url } = await createPostgresTestDb(postgresUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-bench-floor-'));
  const sink = new SmtpCatcher(new CodeMailbox());
  const smtpPort = await sink.start(0);
  const out = openSync(path.join(logDir, 'floor.log'), 'a');
  const child = fork(path.resolve(import.meta.dirname, 'lib/floor-process.cjs'), [], {
    stdio: ['ignore', out, out, 'ipc'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-env-ca-key-secret',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FLOOR_COMPANY_ID: HARNESS_COMPANY_ID,
      FLOOR_MAILS: String(FLOOR_MAILS),
    },
  });
  // each request's reply in turn; an exit fails every request still waiting (one listener for them all)
  const replies = [];
  child.on('message', (m) => replies.shift()?.(m));
  child.once('exit', (c) => {
    for (const reply of replies.splice(0)) reply({ error: `exited (${c}); see ${logDir}/floor.log` });
  });
  const ask = (msg) =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new Error(`floor process exited (${child.exitCode ?? child.signalCode}); see ${logDir}/floor.log`));
      replies.push((m) => (m.error ? reject(new Error(`floor process: ${m.error}`)) : resolve(m)));
      if (msg) child.send(msg);
    });
  const xacts = async () => Number((await db.knex.raw('select xact_commit from pg_stat_database where datname = current_database()')).rows[0].xact_commit);
  try {
    await ask();
    await ask({ prepare: certificates });
    const kinds = [];
    for (const [kind, label] of FLOOR_KINDS) {
      const n = kind === 'pdf' ? Math.min(certificates, pdfs) : certificates;
      // warm-up, not counted: the browser's launch, the pools' first connections, JIT
      await ask({ run: kind, certificates: Math.min(4, n), concurrency });
      const x0 = await xacts();
      const w = treeCpuWindow({ effects: child.pid, postgres: pgPid ?? [] });
      const r = await ask({ run: kind, certificates: n, concurrency });
      const cpu = w.stop();
      // a backend's counters reach pg_stat_database when it has been idle PGSTAT_IDLE_INTERVAL (10 s, PG 15)
      await new Promise((res) => setTimeout(res, 11_000));
      const pgTransactions = (await xacts()) - x0 - 1; // less the first reading itself
      kinds.push({
        kind,
        label,
        count: r.count,
        certificates: n,
        wallMs: r.wallMs,
        cpu: cpu.seconds,
        perCertificate: cpu.total / n,
        pgTransactionsPerCertificate: pgTransactions / n,
      });
      console.log(`  floor ${kind}: ${r.count} in ${(r.wallMs / 1000).toFixed(1)} s, ${(1000 * (cpu.total / n)).toFixed(1)} ms CPU a certificate`);
    }
    return {
      kinds,
      mailsPerCertificate: FLOOR_MAILS,
      perCertificate: kinds.reduce((s, k) => s + k.perCertificate, 0),
      pgTransactionsPerCertificate: kinds.reduce((s, k) => s + Math.max(0, k.pgTransactionsPerCertificate), 0),
      concurrency,
    };
  } finally {
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      child.send('stop');
    });
    await sink.stop();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
