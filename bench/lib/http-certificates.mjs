// Ours driven as a browser drives it (issue 29: "the HTTP sign call, end to end"): the API `npm start`
// runs, in its own process (bench/lib/api-process.cjs, WORKER_IN_PROCESS=false), with nine signer
// accounts of the bench's company signed in once; per signature the signer asks for a code
// (POST /api/company/approvallevel/:id/code: the API mails it over SMTP to the bench's sink), reads it
// from the sink and signs (POST /api/company/approvallevel/:id/sign with the code). The sign call's time
// is the HTTP call's, end to end. Submission starts the workflow with the Temporal client, as the API's
// submit does (its draft screens are not part of this figure).
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fork } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { awaitIssued, CHAIN, submit } from './certificates.mjs';

const require = createRequire(import.meta.url);
const { createStores, hashPassword } = require('@grain/persistence');
const { HARNESS_COMPANY_ID: COMPANY } = require('@grain/worker/dist/certificate-test-harness.js');
const { fetch } = globalThis;

const PASSWORD = 'Grain#2025pass';
const SIGNER_PERMISSIONS = ['viewInfo', 'viewApproval', 'viewDocument', 'signApproval'];
const SIGNERS = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3'];

/** The API process against the system's database, task queue and SMTP sink; resolves { child, port }. */
export function startApiProcess({ url, temporalAddress, taskQueue, smtpPort, dataDir, logDir }) {
  const out = openSync(path.join(logDir, `${taskQueue}-api.log`), 'a');
  const prof = process.env.BENCH_CPU_PROF;
  const child = fork(path.resolve(import.meta.dirname, 'api-process.cjs'), [], {
    stdio: ['ignore', out, out, 'ipc'],
    execArgv: prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--cpu-prof-name=api.cpuprofile'] : [],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'bench-env-ca-key-secret',
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_TASK_QUEUE: taskQueue,
      WORKER_IN_PROCESS: 'false',
      SEED_DEMO_DATA: 'false',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: m.port }));
    child.once('exit', (c) => reject(new Error(`API process exited (${c}); see ${logDir}/${taskQueue}-api.log`)));
  });
}

export async function stopApiProcess(child) {
  await new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.send('stop');
  });
}

/** The nine signers of the bench's company (a group allowed to sign), straight in the database. */
export async function seedSigners(knex) {
  const stores = createStores(knex);
  await stores.groups.create(COMPANY, { groupName: 'signer', status: 'active', roles: SIGNER_PERMISSIONS });
  const passwordHash = await hashPassword(PASSWORD);
  const out = {};
  for (const s of SIGNERS) {
    const u = await stores.users.create({
      email: `${s}@signers.bench`,
      passwordHash,
      firstname: 'Signer',
      lastname: s.toUpperCase(),
      role: 'signer',
      companyId: COMPANY,
    });
    out[s] = { id: u.id, name: `Signer ${s.toUpperCase()}`, email: u.email, role: 'Inspector' };
  }
  return out;
}

/** Signs each signer in (POST /api/auth/login); adds its cookie. */
export async function signIn(base, signers) {
  for (const s of Object.values(signers)) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: s.email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${s.email}: ${res.status} ${await res.text()}`);
    s.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('grain_sid='));
    if (!s.cookie) throw new Error('login answered no grain_sid cookie');
  }
}

/** A 3-level, 2-of-3 draft whose signers are the seeded accounts; a uuid as the API makes one. */
export function httpDraft(signers) {
  const id = randomUUID();
  const due = (n) => new Date(Date.now() + 7 * 86_400_000 + n * 1000).toISOString();
  const level = (group, p, n) => ({
    group,
    signers: [1, 2, 3].map((i) => {
      const { id: sid, name, email, role } = signers[`${p}${i}`];
      return { id: sid, name, email, role };
    }),
    signatures: 2,
    deadline: due(n),
  });
  return {
    id,
    approvalNumber: `BENCH-${id.slice(0, 13)}`,
    approvalName: `Barley lot ${id.slice(0, 8)}`,
    companyId: COMPANY,
    submitter: { id: 'bench-sub', name: 'Bench Submitter', email: 'sub@bench.test' },
    approvalDoc: {
      id: '00000000-0000-4000-8000-00000000f001',
      name: 'Farm record 1',
      docType: 'certificate',
      farm: { storageLocation: 'Geelong silo 4', protein: 11.2, membershipNumber: 'Member ID 77' },
    },
    levels: [level('Farm Data Signing', 'a', 0), level('Transportation Signing', 'b', 1), level('Inspection Signing', 'c', 2)],
    escalateTo: [{ id: 'bench-mgr', name: 'Bench Manager', email: 'mgr@bench.test' }],
  };
}

const post = async (sys, signer, p, body) => {
  const res = await fetch(`${sys.apiBase}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sys.apiBase, cookie: signer.cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
  return text;
};

/** Waits (briefly) for the code mailed to `email` for certificate `number`: the API answers after the sink took the mail. */
async function codeFor(mailbox, email, number) {
  for (let i = 0; i < 50; i++) {
    const c = mailbox.take(email, number);
    if (c) return c;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

export const httpCertificateDriver = {
  kind: 'certificate (HTTP API)',
  makeDraft: (sys) => httpDraft(sys.signers),
  submit,
  /** otpMs: the code call until the code is in the sink; signMs (= visibleMs): the sign call, end to end. */
  async signOnce(sys, handle, draft, who) {
    const signer = sys.signers[who];
    const level = 1 + Math.floor(CHAIN.indexOf(who) / 2);
    const levelId = `${draft.id}-L${level}`;
    const t0 = performance.now();
    await post(sys, signer, `/api/company/approvallevel/${levelId}/code`, {});
    const code = await codeFor(sys.mailbox, signer.email, draft.approvalNumber);
    if (!code) throw new Error(`no code mailed to ${signer.email} for ${draft.approvalNumber}`);
    const t1 = performance.now();
    try {
      await post(sys, signer, `/api/company/approvallevel/${levelId}/sign`, { otp: code });
    } catch (e) {
      e.signMs = performance.now() - t1; // a refused sign call counts in the sign call's percentiles
      throw e;
    }
    const t2 = performance.now();
    // after the last signature: the read model, for `finished` (not timed)
    const state = who === CHAIN[CHAIN.length - 1] ? (await sys.store.get(draft.companyId, draft.id))?.state : { status: 'signing' };
    return { state, otpMs: t1 - t0, signMs: t2 - t1, visibleMs: t2 - t1, extraReads: 0 };
  },
  async countDone(sys, ids) {
    return ids.length ? Number((await sys.knex('certificates').whereIn('id', ids).where({ status: 'done' }).count({ n: '*' }))[0].n) : 0;
  },
  issued: awaitIssued,
  finished: (state) => state?.status === 'done' && !!state.pdfKey,
};
