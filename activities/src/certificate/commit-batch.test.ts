/**
 * commitCertificateBatch on a real database with the embedded ledger: a sign's redeem, its ledger entry
 * and the read model are one transaction — a refused code leaves no block and no row change behind, and
 * a retry of a committed batch writes nothing twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { buildAdapters, closeAdapters, loadConfig, type Adapters } from '@grain/adapters';
import { createCertificate, transition, type CertificateCommit, type CertificateState, type KeyedLedgerEffect } from '@grain/domain';
import { createStores, type Db, type Stores } from '@grain/persistence';
import { createTestCompany, createTestDb } from '@grain/persistence/testing';
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
    writeReadModel: true,
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
const blocks = (id: string) => db.knex('ledger_blocks').where('idempotency_key', 'like', `certificate-${id}:%`).orderBy('block_number');
const row = async (id: string) => (await stores.certificates.get(companyId, id))!;

test('a refused code leaves no ledger block and no read-model change; the same step with a valid code commits all three', async () => {
  const c = await submittedWithSign();
  const before = await row(c.id);
  const commit = (otpId: string): CertificateCommit => ({
    redeem: { otpId, binding: c.binding, redeemKey: `wf:${otpId}` },
    ledger: keyed(c.signed.state, c.signed.effects),
    state: c.signed.state,
    writeReadModel: true,
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

  // a retry (worker died before the result was recorded) finds everything done and writes nothing twice
  expect(await acts.commitCertificateBatch(commit(otpId))).toEqual(r);
  expect(await blocks(c.id)).toHaveLength(2);
  expect((await row(c.id)).version).toBe(after.version);
}, 30_000);
