import { createCertificate, transition, type CertificateState, type Signer } from '@grain/domain';
import { createTestDb } from '../testing';
import type { Db } from '../db';
import { KnexCertificateStore } from './certificate-store';
import { OtpStore } from './otp-store';

const signer = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const draft = (id: string, number: string, companyId = 'co1') =>
  createCertificate({
    id, approvalNumber: number, approvalName: `Lot ${number}`, companyId, submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
    levels: [{ group: 'Farm Data Signing', signers: [signer('a1'), signer('a2')], signatures: 1, deadline: '2030-01-01T00:00:00.000Z' }],
  });
const at = '2025-01-01T00:00:00.000Z';
const submit = (s: CertificateState) => transition(s, { type: 'submit', actor: { id: 'sub', name: 'Sam' }, at }).state;

let db: Db;
let store: KnexCertificateStore;
beforeAll(async () => {
  db = await createTestDb();
  store = new KnexCertificateStore(db.knex);
});
afterAll(() => db.close());

describe('KnexCertificateStore', () => {
  it('keeps drafts, refuses a duplicate number, and lets the workflow take a draft over', async () => {
    const d = draft('c-1', 'N-1');
    await store.saveDraft(d);
    await expect(store.saveDraft(draft('c-2', 'N-1'))).rejects.toMatchObject({ code: 'DUPLICATE_NUMBER' });
    await store.updateDraft({ ...d, approvalName: 'Renamed' });
    expect((await store.get('co1', 'c-1'))!.state.approvalName).toBe('Renamed');
    expect(await store.upsert(submit(d))).toEqual({ applied: true });
    await expect(store.updateDraft({ ...d, approvalName: 'late' })).rejects.toMatchObject({ code: 'CERTIFICATE_NOT_EDITABLE' });
    expect(await store.get('co2', 'c-1')).toBeNull();
  });

  it('never moves a row backwards', async () => {
    const s1 = submit(draft('c-3', 'N-3'));
    const s2 = transition(s1, { type: 'sign', actor: { id: 'a1', name: 'A1' }, at }).state;
    expect(await store.upsert(s2)).toEqual({ applied: true });
    expect(await store.upsert(s1)).toEqual({ applied: false });
    expect(await store.upsert(s2)).toEqual({ applied: false });
    const got = await store.get('co1', 'c-3');
    expect(got).toMatchObject({ version: 2, state: { status: 'done' } });
    expect((await store.audit('co1', 'c-3')).map((e) => e.action)).toEqual(['submit', 'sign']);
  });

  it('lists newest first with keyset pages, status filters, overdue and counts, per company', async () => {
    for (let i = 0; i < 5; i++) await store.saveDraft(draft(`p-${i}`, `P-${i}`, 'co9'));
    await store.upsert(submit(draft('p-9', 'P-9', 'co9')));
    const over = transition(submit(draft('p-8', 'P-8', 'co9')), { type: 'deadlinePassed', actor: { id: 'system', name: 'system' }, level: 1, at }).state;
    await store.upsert(over);
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await store.list({ companyId: 'co9', limit: 3, after });
      seen.push(...page.items.map((x) => x.id));
      after = page.next ?? undefined;
    } while (after);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe('p-8');
    const signing = await store.list({ companyId: 'co9', statuses: ['signing'] });
    expect(signing.items.map((x) => x.id)).toEqual(['p-9']);
    expect(signing.items[0]).toMatchObject({ currentGroup: 'Farm Data Signing', assignees: ['Name a1', 'Name a2'], levels: [{ level: 1, signedCount: 0 }] });
    expect((await store.list({ companyId: 'co9', statuses: ['overdue'] })).items.map((x) => x.id)).toEqual(['p-8']);
    expect((await store.list({ companyId: 'co9', search: 'p-3' })).items.map((x) => x.id)).toEqual(['p-3']);
    expect((await store.list({ companyId: 'co9', signerId: 'a2' })).items.map((x) => x.id).sort()).toEqual(['p-8', 'p-9']);
    expect(await store.counts('co9')).toMatchObject({ created: 5, signing: 1, overdue: 1, done: 0 });
    expect((await store.list({ companyId: 'co1' })).items.every((x) => !x.id.startsWith('p-'))).toBe(true);
  });
});

describe('OtpStore', () => {
  const b = { certificateId: 'c-otp', level: 1, userId: 'a1', contentHash: 'h1' };
  it('verifies once, binds to content, and redeems once', async () => {
    const otp = new OtpStore(db.knex);
    const { code, otpId } = await otp.issue(b);
    expect(code).toMatch(/^\d{6}$/);
    const row = await db.knex('certificate_otps').where({ id: otpId }).first();
    expect(JSON.stringify(row)).not.toContain(code);
    await expect(otp.verify({ ...b, userId: 'a2' }, code)).rejects.toMatchObject({ code: 'OTP_INVALID' });
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(otp.verify(b, wrong)).rejects.toMatchObject({ code: 'OTP_INVALID' });
    expect(await otp.verify(b, code)).toEqual({ otpId });
    await expect(otp.verify(b, code)).rejects.toMatchObject({ code: 'OTP_INVALID' });
    await expect(otp.redeem(otpId, { ...b, contentHash: 'h2' }, 'k1')).rejects.toMatchObject({ code: 'CONTENT_CHANGED' });
    await otp.redeem(otpId, b, 'k1');
    await otp.redeem(otpId, b, 'k1');
    await expect(otp.redeem(otpId, b, 'k2')).rejects.toMatchObject({ code: 'OTP_INVALID' });
  });
  it('locks after 5 wrong attempts, expires, and a new code supersedes the old one', async () => {
    let now = new Date('2025-01-01T00:00:00Z');
    const otp = new OtpStore(db.knex, () => now);
    const first = await otp.issue({ ...b, userId: 'u5' });
    const wrong = first.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await expect(otp.verify({ ...b, userId: 'u5' }, wrong)).rejects.toMatchObject({ code: 'OTP_INVALID' });
    await expect(otp.verify({ ...b, userId: 'u5' }, wrong)).rejects.toMatchObject({ code: 'OTP_LOCKED' });
    await expect(otp.verify({ ...b, userId: 'u5' }, first.code)).rejects.toMatchObject({ code: 'OTP_LOCKED' });
    const second = await otp.issue({ ...b, userId: 'u5' }, 60_000);
    now = new Date(now.getTime() + 61_000);
    await expect(otp.verify({ ...b, userId: 'u5' }, second.code)).rejects.toMatchObject({ code: 'OTP_EXPIRED' });
    const third = await otp.issue({ ...b, userId: 'u5' });
    expect(await otp.verify({ ...b, userId: 'u5' }, third.code)).toEqual({ otpId: third.otpId });
  });
});
