/**
 * commitCertificateBatch on a real database with the embedded ledger: a sign's redeem, its ledger entry,
 * the read model and its mails are one transaction — a refused code leaves no block, no row change and
 * no mail behind, and a retry of a committed batch writes nothing twice. A completing batch writes the
 * certificate done and holds its mails; the PDF step records the PDF of that state and lets them go.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import knex from 'knex';
import { buildAdapters, closeAdapters, loadConfig, type Adapters } from '@grain/adapters';
import {
  certificateMailContext,
  createCertificate,
  recordLedgerTx,
  transition,
  type CertificateCommit,
  type CertificateNotice,
  type CertificateState,
  type KeyedLedgerEffect,
} from '@grain/domain';
import { createStores, type Db, type Stores } from '@grain/persistence';
import { createTestCompany, createTestDb, statementsSentBy } from '@grain/persistence/testing';
import { createCertificateActivities } from './certificate-activities';

let db: Db;
let stores: Stores;
let adapters: Adapters;
let dataDir: string;
let acts: ReturnType<typeof createCertificateActivities>;
let companyId: string;

beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'commit-batch-'));
  const config = loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv);
  adapters = buildAdapters(config, stores, { smtpCatcherPort: 1 });
  acts = createCertificateActivities({ config, stores, adapters });
  companyId = (await createTestCompany(stores, 'Commit Grain Co')).id;
}, 30_000);
afterAll(async () => {
  await closeAdapters(adapters);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const person = (id: string) => ({ id, name: `Signer ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
let n = 0;
/** A submitted one-level certificate in the read model, and the transition of a1's signature on it. */
async function submittedWithSign() {
  const id = `cb${Date.now().toString(36)}${n++}`;
  const draft = {
    id,
    approvalNumber: `N-${id}`,
    approvalName: `Barley lot ${id}`,
    companyId,
    submitter: { id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' },
    approvalDoc: { id: 'farm-1', name: 'Farm record 1', docType: 'certificate', farm: { storageLocation: 'Geelong silo 4', protein: 11.2 } },
    levels: [{ group: 'Farm Data Signing', signers: [person('a1'), person('a2')], signatures: 2, deadline: new Date(Date.now() + 86_400_000).toISOString() }],
  };
  const submitted = transition(createCertificate(draft as never), {
    type: 'submit',
    actor: { id: 'sub', name: 'Sam Submitter' },
    at: new Date().toISOString(),
  });
  await acts.commitCertificateBatch({
    ledger: keyed(submitted.state, submitted.effects),
    state: submitted.state,
    readModel: 'write',
    notices: [],
    at: new Date().toISOString(),
  });
  const signed = transition(submitted.state, { type: 'sign', actor: { id: 'a1', name: 'Signer a1' }, at: new Date().toISOString() });
  const binding = { certificateId: id, level: 1, userId: 'a1', contentHash: submitted.state.contentHash };
  return { id, submitted: submitted.state, signed, binding };
}
const keyed = (s: CertificateState, effects: { type: string }[]): KeyedLedgerEffect[] =>
  effects
    .filter((e): e is KeyedLedgerEffect['effect'] => e.type === 'ledger')
    .map((effect) => ({ key: `certificate-${s.id}:${s.version}:${effect.event}`, effect }));
/** A notice of the batch (as the workflow makes one): to both signers. */
const notice = (s: CertificateState): CertificateNotice => ({
  key: `certificate-${s.id}:${s.version}:notifySigners`,
  effect: { type: 'notifySigners', level: 1, reason: 'levelStarted', recipients: [person('a1'), person('a2')] },
  ctx: certificateMailContext(s, 1),
});
const queued = (id: string) => db.knex('mail_outbox').where({ certificate_id: id }).orderBy('id');
const blocks = (id: string) => db.knex('ledger_blocks').where('idempotency_key', 'like', `certificate-${id}:%`).orderBy('block_number');
const row = async (id: string) => (await stores.certificates.get(companyId, id))!;

test('a refused code leaves no ledger block and no read-model change; the same step with a valid code commits all three', async () => {
  const c = await submittedWithSign();
  const before = await row(c.id);
  const commit = (otpId: string): CertificateCommit => ({
    redeem: { otpId, binding: c.binding, redeemKey: `wf:${otpId}` },
    ledger: keyed(c.signed.state, c.signed.effects),
    state: c.signed.state,
    readModel: 'write',
    notices: [notice(c.signed.state)],
    at: '2026-01-01T00:00:00.000Z',
  });
  // a code issued but never verified by the API
  const unverified = await stores.otps.issue(c.binding);
  const refused = await acts.commitCertificateBatch(commit(unverified.otpId)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(refused).toBeInstanceOf(ApplicationFailure);
  expect((refused as ApplicationFailure).message).toBe('OTP_INVALID');
  expect((refused as ApplicationFailure).nonRetryable).toBe(true);
  expect((await blocks(c.id)).map((b) => b.record_type)).toEqual(['submission']);
  expect((await row(c.id)).version).toBe(before.version);
  expect((await db.knex('certificate_otps').where({ id: unverified.otpId }).first()).redeemed_at).toBeNull();
  expect(await queued(c.id)).toEqual([]);

  const issued = await stores.otps.issue(c.binding);
  const { otpId } = await stores.otps.verify({ certificateId: c.id, level: 1, userId: 'a1' }, issued.code);
  const r = await acts.commitCertificateBatch(commit(otpId));
  const written = await blocks(c.id);
  expect(written.map((b) => b.record_type)).toEqual(['submission', 'signature']);
  expect(r.txIds).toEqual([written[1].tx_id]);
  // the read model holds the signature with its tx id recorded, one version past the sign
  const after = await row(c.id);
  expect(after.version).toBe(c.signed.state.version + 1);
  expect(after.state.levels[0].signed).toEqual([expect.objectContaining({ userId: 'a1', txId: written[1].tx_id })]);
  expect((await db.knex('certificate_otps').where({ id: otpId }).first()).redeemed_at).not.toBeNull();
  // its notice: one mail to both recipients, queued for the relay
  expect((await queued(c.id)).map((m) => [m.recipients, m.held, m.sent_at])).toEqual([[['a1@grain.test', 'a2@grain.test'], false, null]]);

  // a retry (worker died before the result was recorded) finds everything done and writes nothing twice
  expect(await acts.commitCertificateBatch(commit(otpId))).toEqual(r);
  expect(await blocks(c.id)).toHaveLength(2);
  expect((await row(c.id)).version).toBe(after.version);
  expect(await queued(c.id)).toHaveLength(1);
}, 30_000);

test('a completing batch shows the certificate done at once and holds its mails; the PDF step records the PDF of that state and lets them go', async () => {
  const c = await submittedWithSign();
  const signedByA1 = transition(c.submitted, { type: 'sign', actor: { id: 'a1', name: 'Signer a1' }, at: '2026-01-01T00:00:00.000Z' });
  const a1 = await stores.otps.issue(c.binding);
  const a1Otp = await stores.otps.verify({ certificateId: c.id, level: 1, userId: 'a1' }, a1.code);
  const first = await acts.commitCertificateBatch({
    redeem: { otpId: a1Otp.otpId, binding: c.binding, redeemKey: `wf:${a1Otp.otpId}` },
    ledger: keyed(signedByA1.state, signedByA1.effects),
    state: signedByA1.state,
    readModel: 'write',
    notices: [],
    at: '2026-01-01T00:00:00.000Z',
  });
  const a1State = recordLedgerTx(signedByA1.state, signedByA1.effects[0] as KeyedLedgerEffect['effect'], first.txIds[0], '2026-01-01T00:00:00.000Z');
  const done = transition(a1State, { type: 'sign', actor: { id: 'a2', name: 'Signer a2' }, at: '2026-01-01T00:00:01.000Z' });
  expect(done.state.status).toBe('done');
  const binding = { ...c.binding, userId: 'a2' };
  const a2 = await stores.otps.issue(binding);
  const { otpId } = await stores.otps.verify({ certificateId: c.id, level: 1, userId: 'a2' }, a2.code);
  const completed: CertificateNotice = {
    key: `certificate-${c.id}:${done.state.version}:notifyCompleted`,
    effect: { type: 'notifyCompleted', recipients: [{ id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' }, person('a1')] },
    ctx: certificateMailContext(done.state, 1),
  };
  const ledger = keyed(done.state, done.effects);
  const at = '2026-01-01T00:00:02.000Z';
  const r = await acts.commitCertificateBatch({
    redeem: { otpId, binding, redeemKey: `wf:${otpId}` },
    ledger,
    state: done.state,
    readModel: 'write',
    notices: [completed],
    mailsWaitForPdf: true,
    at,
  });
  const held = ledger.reduce((s, { effect }, i) => recordLedgerTx(s, effect, r.txIds[i], at), done.state);
  // done at once, with both signatures and the completion on the ledger; no PDF yet, and the completion notice waits for it
  expect(await row(c.id)).toMatchObject({ version: held.version, pdfKey: null, state: { status: 'done', chainId: r.txIds[1] } });
  expect((await row(c.id)).state.levels[0].signed.map((e) => e.userId)).toEqual(['a1', 'a2']);
  expect((await queued(c.id)).map((m) => m.held)).toEqual([true]);

  const pdf = await acts.generateCertificatePdf({ certificateId: c.id, version: held.version, at });
  expect(pdf.pdfKey).toMatch(/^certificates\//);
  const issued = await row(c.id);
  expect(issued).toMatchObject({ version: held.version + 1, pdfKey: pdf.pdfKey, state: { status: 'done', chainId: r.txIds[1], pdfKey: pdf.pdfKey } });
  expect((await queued(c.id)).map((m) => [m.held, m.recipients])).toEqual([[false, ['sub@grain.test', 'a1@grain.test']]]);
  // a retried PDF step (its result never reached the server) answers the same PDF and writes nothing again
  expect(await acts.generateCertificatePdf({ certificateId: c.id, version: held.version, at })).toEqual(pdf);
  expect((await row(c.id)).version).toBe(held.version + 1);
}, 60_000);

/** A one-level certificate signed by a1 and a2 through the batch commit: done, its PDF not yet made. */
async function completed() {
  const c = await submittedWithSign();
  let state = c.submitted;
  for (const userId of ['a1', 'a2']) {
    const t = transition(state, { type: 'sign', actor: { id: userId, name: `Signer ${userId}` }, at: new Date().toISOString() });
    const binding = { ...c.binding, userId };
    const { otpId } = await stores.otps.verify({ certificateId: c.id, level: 1, userId }, (await stores.otps.issue(binding)).code);
    const ledger = keyed(t.state, t.effects);
    const at = new Date().toISOString();
    const r = await acts.commitCertificateBatch({
      redeem: { otpId, binding, redeemKey: `wf:${otpId}` },
      ledger,
      state: t.state,
      readModel: 'write',
      notices: [],
      at,
    });
    state = ledger.reduce((s, { effect }, i) => recordLedgerTx(s, effect, r.txIds[i], at), t.state);
  }
  expect(state.status).toBe('done');
  return state;
}

/** The SQL statements `fn` sends. */
const statementsOf = async (fn: () => Promise<unknown>) => (await statementsSentBy(db.knex, fn)).map((q) => q.sql);
/** How many of the statements name `table` (read or write). */
const touching = (sql: string[], table: string) => sql.filter((q) => new RegExp(`(from|into|update|join) "?${table}"?[\\s(]`, 'i').test(q)).length;

test("the PDF step reads the issuer's facts and the company's seal once, and the time-stamping authority not at all after the first", async () => {
  // the company's first PDF makes its seal and the embedded TSA; the second is every later certificate's
  const first = await completed();
  await acts.generateCertificatePdf({ certificateId: first.id, version: first.version, at: new Date().toISOString() });
  const s = await completed();
  let pdfKey = '';
  const sql = await statementsOf(async () => {
    ({ pdfKey } = await acts.generateCertificatePdf({ certificateId: s.id, version: s.version, at: new Date().toISOString() }));
  });
  expect(pdfKey).toMatch(/^certificates\//);
  // what the PDF, its seal and its credential need: each fact read once
  expect({
    company_cas: touching(sql, 'company_cas'),
    timestamp_authority: touching(sql, 'timestamp_authority'),
    companies: touching(sql, 'companies'),
    certificate_action_facts: touching(sql, 'certificate_action_facts'),
  }).toEqual({
    // the CA's staleness check, the CA with its seal, the CRL's signing key
    company_cas: 3,
    // made once, never replaced: read once a process (by the company's first PDF here)
    timestamp_authority: 0,
    // the live issuer, the CA's subject
    companies: 2,
    // frozen on the first read after issue, in one statement
    certificate_action_facts: 1,
  });
  // 53 statements before (issue 29): the facts and the seal read twice, the TSA four times, the open critical actions in six
  expect(sql.length).toBeLessThanOrEqual(26);
  // the issued certificate as before: the PDF recorded, the issuer frozen, its credential signed
  expect((await row(s.id)).pdfKey).toBe(pdfKey);
  expect((await db.knex('certificates').where({ id: s.id }).first('issuer')).issuer).toMatchObject({ name: 'Commit Grain Co' });
  expect((await db.knex('certificate_credentials').where({ certificate_id: s.id }).first('jwt')).jwt).toEqual(expect.any(String));
}, 60_000);

// Postgres only (PGlite has one connection: nothing can wait on a lock there).
const onPostgres = process.env.DATABASE_URL ? test : test.skip;
onPostgres(
  'the ledger is locked last: a sign waiting for the ledger has already written its redeem, read model and mails, so the lock is held only for the append',
  async () => {
    const c = await submittedWithSign();
    const issued = await stores.otps.issue(c.binding);
    const { otpId } = await stores.otps.verify({ certificateId: c.id, level: 1, userId: 'a1' }, issued.code);
    const other = knex({ client: 'pg', connection: (db as { url?: string }).url!, pool: { min: 0, max: 2 } });
    const holder = await other.transaction();
    try {
      await holder.raw('lock table ledger_blocks in exclusive mode');
      const running = acts.commitCertificateBatch({
        redeem: { otpId, binding: c.binding, redeemKey: `wf:${otpId}` },
        ledger: keyed(c.signed.state, c.signed.effects),
        state: c.signed.state,
        readModel: 'write',
        notices: [notice(c.signed.state)],
        at: new Date().toISOString(),
      });
      // the commit's transaction, waiting for the ledger's lock
      let pid: number | undefined;
      for (const end = Date.now() + 10_000; !pid && Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        const { rows } = await other.raw(
          `select l.pid from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'ledger_blocks' and not l.granted`,
        );
        pid = rows[0]?.pid;
      }
      expect(pid).toBeDefined();
      const { rows } = await other.raw(
        `select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation where l.pid = ? and l.granted and c.relkind = 'r' order by 1`,
        [pid!],
      );
      const held = rows.map((r: { relname: string }) => r.relname);
      expect(held).toEqual(expect.arrayContaining(['certificate_otps', 'certificates', 'mail_outbox']));
      // The sign moved the certificate signing -> pending, yet its company's counts are not locked before
      // the ledger is: they are written at COMMIT (migration 076), so no other commit of the company waits
      // on them for this one's whole length (issue 29).
      expect(c.signed.state.status).not.toBe(c.submitted.status);
      expect(held).not.toContain('certificate_counts');
      await holder.commit();
      const r = await running;
      const written = await blocks(c.id);
      expect(r.txIds).toEqual([written[1].tx_id]);
      expect((await row(c.id)).state.levels[0].signed).toEqual([expect.objectContaining({ userId: 'a1', txId: written[1].tx_id })]);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
      await other.destroy();
    }
  },
  30_000,
);

/** The statements `fn` sends, each with the prepared statement name it was sent under (undefined: none). */
async function namedStatementsOf(fn: () => Promise<unknown>): Promise<Array<{ sql: string; name?: string }>> {
  // the transaction's own BEGIN / COMMIT: simple-protocol commands, nothing to plan
  return (await statementsSentBy(db.knex, fn)).filter((q) => !/^\s*(begin|commit|rollback)\b/i.test(q.sql));
}

test("every statement of a sign's batch commit is a named prepared statement, the same texts whatever the certificate's levels and mails", async () => {
  // issue 29: Postgres parsed and planned the read-model write, the redeem, the mails, the reminders and
  // the ledger's append on every commit (more than half its CPU a certificate was outside execution)
  const commitOf = async (c: Awaited<ReturnType<typeof submittedWithSign>>, notices: CertificateNotice[]) => {
    const { otpId } = await stores.otps.verify({ certificateId: c.id, level: 1, userId: 'a1' }, (await stores.otps.issue(c.binding)).code);
    return namedStatementsOf(() =>
      acts.commitCertificateBatch({
        redeem: { otpId, binding: c.binding, redeemKey: `wf:${otpId}` },
        ledger: keyed(c.signed.state, c.signed.effects),
        state: c.signed.state,
        readModel: 'write',
        notices,
        at: new Date().toISOString(),
      }),
    );
  };
  const remind = (s: CertificateState): CertificateNotice => ({
    key: `certificate-${s.id}:${s.version}:remindSigners`,
    effect: { type: 'remindSigners', level: 1, overdue: false, recipients: [person('a2')] },
    ctx: certificateMailContext(s, 1),
  });
  const first = await submittedWithSign();
  const one = await commitOf(first, [notice(first.signed.state), remind(first.signed.state)]);
  // another certificate, with more mails in its commit: the same statements by name
  const second = await submittedWithSign();
  const other = { ...second.signed.state, id: second.id };
  const two = await commitOf(second, [notice(other), { ...notice(other), key: `${notice(other).key}:2` }, remind(other)]);

  expect(one.filter((q) => !q.name).map((q) => q.sql)).toEqual([]);
  expect(two.filter((q) => !q.name).map((q) => q.sql)).toEqual([]);
  // redeem, the read model (with its live event), the reminder, the mails, the ledger's head (locked, with the keys) and insert
  expect(new Set(one.map((q) => q.name)).size).toBeGreaterThanOrEqual(6);
  expect([...new Set(two.map((q) => q.name))].sort()).toEqual([...new Set(one.map((q) => q.name))].sort());
  // what was committed: the block, the row and the mails
  expect((await blocks(second.id)).map((b) => b.record_type)).toEqual(['submission', 'signature']);
  expect((await row(second.id)).version).toBe(second.signed.state.version + 1);
  expect((await queued(second.id)).map((m) => m.key)).toEqual([notice(other).key, `${notice(other).key}:2`, remind(other).key]);
  expect(await db.knex('certificate_reminders').where({ certificate_id: second.id }).pluck('recipient_id')).toEqual(['a2']);
  // the company's pages told of the version written, by the read model's own statement (no statement of its own)
  const told = await db.knex('live_events').where({ company_id: companyId, type: 'certificate_update' }).whereRaw(`data->>'id' = ?`, [second.id]);
  expect(told.map((e) => e.data.version).filter((v) => v === second.signed.state.version + 1)).toHaveLength(1);
  expect(one.filter((q) => /live_events/.test(q.sql)).map((q) => q.name)).toEqual(one.filter((q) => /insert into certificates/.test(q.sql)).map((q) => q.name));
}, 30_000);
