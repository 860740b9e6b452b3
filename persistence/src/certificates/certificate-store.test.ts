import { createStores } from '../stores';
import { OTP_MAX_ATTEMPTS, createCertificate, listCardOf, transition, type CertificateState, type Signer } from '@grain/domain';
import { knex } from 'knex';
import { createTestDb } from '../testing';
import type { Db } from '../db';
import type { CertificateStore } from './certificate-store';

const signer = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const draft = (id: string, number: string, companyId = 'co1') =>
  createCertificate({
    id,
    approvalNumber: number,
    approvalName: `Lot ${number}`,
    companyId,
    submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
    levels: [{ group: 'Farm Data Signing', signers: [signer('a1'), signer('a2')], signatures: 1, deadline: '2030-01-01T00:00:00.000Z' }],
  });
const at = '2025-01-01T00:00:00.000Z';
const submit = (s: CertificateState) => transition(s, { type: 'submit', actor: { id: 'sub', name: 'Sam' }, at }).state;

let db: Db;
let store: CertificateStore;
beforeAll(async () => {
  db = await createTestDb();
  store = createStores(db.knex).certificates;
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

  it('writes a state, its levels and its audit events in one statement; a stale version writes none of them', async () => {
    const d = draft('one-up', 'ONE-1', 'co-one');
    const two = { ...d, levels: [...d.levels, { ...d.levels[0], id: 'one-up-L2', level: 2, group: 'Second' }] } as CertificateState;
    const submitted = submit(two);
    const sql: string[] = [];
    const count = (q: { sql: string }) => void sql.push(q.sql);
    db.knex.on('query', count);
    expect(await store.upsert(submitted)).toEqual({ applied: true });
    db.knex.removeListener('query', count);
    expect(sql).toHaveLength(1);
    const levels = () =>
      db
        .knex('certificate_levels')
        .where({ certificate_id: 'one-up' })
        .orderBy('level')
        .select('level', 'group_name', 'signer_ids', 'signed_ids', 'signers', 'status');
    const events = () => db.knex('certificate_events').where({ certificate_id: 'one-up' }).orderBy('seq').select('seq', 'action', 'actor_id');
    expect(await levels()).toEqual([
      {
        level: 1,
        group_name: 'Farm Data Signing',
        signer_ids: ['a1', 'a2'],
        signed_ids: [],
        signers: [signer('a1'), signer('a2')],
        status: submitted.levels[0].status,
      },
      { level: 2, group_name: 'Second', signer_ids: ['a1', 'a2'], signed_ids: [], signers: [signer('a1'), signer('a2')], status: submitted.levels[1].status },
    ]);
    expect(await events()).toEqual(submitted.audit.map((a, seq) => ({ seq, action: a.action, actor_id: a.actorId })));
    // signed, and its second level gone: the level is updated, the gone one deleted, the new event added
    const signed = transition(submitted, { type: 'sign', actor: { id: 'a1', name: 'A1' }, at }).state;
    const oneLevel = { ...signed, levels: signed.levels.slice(0, 1), version: signed.version + 1 } as CertificateState;
    expect(await store.upsert(oneLevel)).toEqual({ applied: true });
    expect(await levels()).toEqual([expect.objectContaining({ level: 1, signed_ids: ['a1'], status: oneLevel.levels[0].status })]);
    expect(await events()).toEqual(oneLevel.audit.map((a, seq) => ({ seq, action: a.action, actor_id: a.actorId })));
    // a stale write (an older version) changes nothing
    expect(await store.upsert(submitted)).toEqual({ applied: false });
    expect(await levels()).toHaveLength(1);
    expect((await store.get('co-one', 'one-up'))!.version).toBe(oneLevel.version);
  });

  it('finds the next free number of a company, whatever other companies used', async () => {
    await store.saveDraft(draft('n-1', '202001011', 'co5'));
    await store.saveDraft(draft('n-2', '202001013', 'co5'));
    await store.saveDraft(draft('n-3', '202001012', 'co6'));
    expect(await store.nextFreeNumber('co5', '20200101')).toBe('202001012');
    expect(await store.nextFreeNumber('co6', '20200101')).toBe('202001011');
  });

  it('finds only issued certificates for public verification, by content hash or by number within its company', async () => {
    await store.saveDraft(draft('v-1', 'V-1', 'co7'));
    expect(await store.findPublic({ number: 'V-1', companyId: 'co7' })).toBeNull();
    const signing = submit(draft('v-2', 'V-2', 'co7'));
    await store.upsert(signing);
    // in progress: nobody outside the company sees it, by number or by hash
    expect(await store.findPublic({ number: 'V-2', companyId: 'co7' })).toBeNull();
    expect(await store.findPublic({ hash: signing.contentHash })).toBeNull();
    await store.upsert(transition(signing, { type: 'cancel', actor: { id: 'sub', name: 'Sam' }, at }).state);
    expect(await store.findPublic({ number: 'V-2', companyId: 'co7' })).toBeNull();
    // the same number issued by two companies: each is found only with its own company or its own hash
    const genuine = transition(submit(draft('v-3', 'V-3', 'co7')), { type: 'sign', actor: { id: 'a1', name: 'A1' }, at }).state;
    const copycat = transition(submit(draft('v-4', 'V-3', 'co8')), { type: 'sign', actor: { id: 'a1', name: 'A1' }, at }).state;
    await store.upsert(genuine);
    await store.upsert(copycat);
    expect((await store.findPublic({ number: 'V-3', companyId: 'co7' }))?.state.id).toBe('v-3');
    expect((await store.findPublic({ number: 'V-3', companyId: 'co8' }))?.state.id).toBe('v-4');
    expect(genuine.contentHash).not.toBe(copycat.contentHash);
    expect((await store.findPublic({ hash: genuine.contentHash }))?.state.id).toBe('v-3');
    await store.recordPdfHash('v-4', 'f'.repeat(64));
    expect(await store.findPublic({ hash: copycat.contentHash })).toMatchObject({ state: { id: 'v-4', status: 'done' }, pdfSha256: 'f'.repeat(64) });
    expect(await store.numberOfIssuedPdf('f'.repeat(64))).toBe('V-3');
    expect(await store.numberOfIssuedPdf('e'.repeat(64))).toBeNull();
  });

  it("lists a revoked certificate's card with when and why it was revoked, a later write of its state keeping it", async () => {
    const issued = transition(submit(draft('r-1', 'R-1', 'co8')), { type: 'sign', actor: { id: 'a1', name: 'A1' }, at }).state;
    await store.upsert(issued);
    await store.upsert(submit(draft('r-2', 'R-2', 'co8')));
    const revokedAt = '2025-02-03T04:05:06.000Z';
    expect(await store.revoke('co8', 'r-1', { at: revokedAt, by: 'Olivia', byId: 'adm', reason: 'Lab result withdrawn', txId: null })).toBe(true);
    const cards = async () => Object.fromEntries((await store.list({ companyId: 'co8' })).items.map((c) => [c.approvalNumber, c.revocation]));
    expect(await cards()).toEqual({ 'R-1': { at: revokedAt, reason: 'Lab result withdrawn' }, 'R-2': undefined });
    await store.upsert({ ...issued, version: issued.version + 1 });
    expect((await cards())['R-1']).toEqual({ at: revokedAt, reason: 'Lab result withdrawn' });
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
      seen.push(...page.items.map((x) => x._id));
      after = page.next ?? undefined;
    } while (after);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe('p-8');
    const signing = await store.list({ companyId: 'co9', statuses: ['signing'] });
    expect(signing.items.map((x) => x._id)).toEqual(['p-9']);
    expect(signing.items[0]).toMatchObject({
      currentGroup: 'Farm Data Signing',
      assignees: ['Name a1', 'Name a2'],
      approvalLevels: [{ level: 1, signedCount: 0 }],
    });
    expect((await store.list({ companyId: 'co9', statuses: ['overdue'] })).items.map((x) => x._id)).toEqual(['p-8']);
    expect((await store.list({ companyId: 'co9', search: 'p-3' })).items.map((x) => x._id)).toEqual(['p-3']);
    expect((await store.list({ companyId: 'co9', signerId: 'a2' })).items.map((x) => x._id).sort()).toEqual(['p-8', 'p-9']);
    expect(await store.counts('co9')).toMatchObject({ created: 5, signing: 1, overdue: 1, done: 0 });
    expect((await store.list({ companyId: 'co1' })).items.every((x) => !x._id.startsWith('p-'))).toBe(true);
    // The list's answer: the same page as text, with the counts read in the same statement.
    const text = await store.listText({ companyId: 'co9', limit: 3 }, { counts: true });
    const parsed = await store.list({ companyId: 'co9', limit: 3 });
    expect(JSON.parse(`[${text.cards}]`)).toEqual(parsed.items);
    expect(text.next).toBe(parsed.next);
    expect(text.counts).toEqual(await store.counts('co9'));
    expect(await store.listText({ companyId: 'co-none' }, { counts: true })).toEqual({ cards: '', next: null, counts: await store.counts('co-none') });
    // With filters and a cursor too (the counts' placeholder comes first in the statement's text).
    const second = await store.listText({ companyId: 'co9', statuses: ['created', 'overdue'], after: text.next!, limit: 2 }, { counts: true });
    expect(second.counts).toEqual(text.counts);
    expect(JSON.parse(`[${second.cards}]`)).toEqual(
      (await store.list({ companyId: 'co9', statuses: ['created', 'overdue'], after: text.next!, limit: 2 })).items,
    );
    // The overdue dashboard's candidates: in flight or overdue, with the current level's deadline.
    expect(await store.inFlightLevels('co9', 10)).toEqual([
      {
        id: 'p-8',
        approvalNumber: 'P-8',
        approvalName: 'Lot P-8',
        overdue: true,
        level: 1,
        group: 'Farm Data Signing',
        status: over.levels[0]!.status,
        deadline: '2030-01-01T00:00:00.000Z',
      },
      expect.objectContaining({ id: 'p-9', overdue: false, level: 1 }),
    ]);
    expect(await store.inFlightLevels('co9', 1)).toHaveLength(1);
  });
});

describe('KnexCertificateStore cards and deletes', () => {
  it('stores each card with only what the list shows: levels in order, assignees of the current level only', async () => {
    const two = createCertificate({
      id: 'card-1',
      approvalNumber: 'CARD-1',
      approvalName: 'Lot card',
      companyId: 'co-card',
      submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
      approvalDoc: { id: 'd1', name: 'Farm record', docType: 'certificate' },
      levels: [
        { group: 'Farm Data Signing', signers: [signer('a1'), signer('a2')], signatures: 1, deadline: '2030-01-01T00:00:00.000Z' },
        // The submitter listed on a level is never an assignee of their own certificate.
        {
          group: 'Inspection Signing',
          signers: [signer('b1'), signer('b2'), signer('sub'), signer('b3')],
          signatures: 2,
          deadline: '2030-02-03T04:05:06.789Z',
        },
      ],
    });
    let s = submit(two);
    s = transition(s, { type: 'sign', actor: { id: 'a2', name: 'A2' }, at }).state; // level 1 done, level 2 current
    s = transition(s, { type: 'sign', actor: { id: 'b2', name: 'B2' }, at }).state;
    await store.upsert(s);
    const {
      items: [card],
      next,
    } = await store.list({ companyId: 'co-card' });
    expect(next).toBeNull();
    expect(card).toEqual({
      _id: 'card-1',
      approvalNumber: 'CARD-1',
      approvalName: 'Lot card',
      priority: s.priority,
      status: s.status,
      displayStatus: s.status,
      overdue: false,
      stageLevel: 2,
      deadline: s.deadline,
      levelDue: s.levels[1]!.deadline,
      docType: 'certificate',
      currentGroup: 'Inspection Signing',
      assignees: ['Name b1', 'Name b3'],
      approvalLevels: [
        { level: 1, group: 'Farm Data Signing', status: s.levels[0]!.status, signatures: 1, signedCount: 1 },
        { level: 2, group: 'Inspection Signing', status: s.levels[1]!.status, signatures: 2, signedCount: 1 },
      ],
    });
    expect(card).toEqual(listCardOf((await store.get('co-card', 'card-1'))!.state));
    // A draft without a document or deadline: nulls, not 'null' strings or epoch dates.
    await store.saveDraft(
      createCertificate({
        id: 'card-2',
        approvalNumber: 'CARD-2',
        approvalName: 'Bare',
        companyId: 'co-card',
        submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
        levels: [],
      }),
    );
    const bare = (await store.list({ companyId: 'co-card', statuses: ['created'] })).items[0]!;
    expect(bare).toMatchObject({ _id: 'card-2', docType: null, deadline: '', approvalLevels: [], currentGroup: null, assignees: [], stageLevel: 0 });
  });

  it('lists a row without a stored card with the card made from its state, and refreshListCards stores it', async () => {
    const base = createCertificate({
      id: 'sql-1',
      approvalNumber: 'SQL-1',
      approvalName: 'Lot SQL',
      companyId: 'co-sql',
      submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
      approvalDoc: { id: 'd9', name: 'Record', docType: 'farm data' },
      levels: [{ group: 'Farm Data Signing', signers: [signer('a1'), signer('a2'), signer('a3')], signatures: 2, deadline: '2030-01-01T00:00:00.000Z' }],
    });
    let s = transition(submit(base), { type: 'delegate', actor: { id: 'a1', name: 'Name a1' }, to: [signer('d1')], at }).state;
    s = transition(s, { type: 'sign', actor: { id: 'd1', name: 'Name d1' }, at }).state; // counts for a1
    await store.saveDraft(draft('sql-0', 'SQL-0', 'co-sql'));
    await store.upsert(s);
    await store.upsert(
      transition(submit(draft('sql-2', 'SQL-2', 'co-sql')), { type: 'deadlinePassed', actor: { id: 'system', name: 'system' }, level: 1, at }).state,
    );
    const stored = await store.list({ companyId: 'co-sql' });
    const cards = await db.knex('certificates').where({ company_id: 'co-sql' }).pluck('list_card');
    expect(cards.every((c) => typeof c === 'string' && c.startsWith('{'))).toBe(true);
    // Rows without a stored card (written by bulk SQL) list the same.
    await db.knex('certificates').where({ company_id: 'co-sql' }).update({ list_card: null });
    expect(await store.list({ companyId: 'co-sql' })).toEqual(stored);
    await store.refreshListCards('co-sql');
    expect(Number((await db.knex('certificates').where({ company_id: 'co-sql' }).whereNull('list_card').count({ n: '*' }).first())!.n)).toBe(0);
    expect(await store.list({ companyId: 'co-sql' })).toEqual(stored);
    expect(stored.items.map((x) => x._id)).toEqual(['sql-2', 'sql-1', 'sql-0']);
    expect(stored.items[1]).toMatchObject({
      docType: 'farm data',
      currentGroup: 'Farm Data Signing',
      assignees: ['Name a2', 'Name a3'],
      approvalLevels: [{ signedCount: 1 }],
    });
    expect(stored.items[0]).toMatchObject({ displayStatus: 'overdue', overdue: true });
    // One row of a page without its card: the others keep their stored text, the page its order.
    await db.knex('certificates').where({ id: 'sql-1' }).update({ list_card: null });
    expect(await store.list({ companyId: 'co-sql', limit: 2 })).toEqual({ items: stored.items.slice(0, 2), next: expect.any(String) });
  });

  it("answers one company's unchanged toggle counts as one object, not parsed again per page, and new counts after a write", async () => {
    await store.saveDraft(draft('cnt-1', 'CNT-1', 'co-cnt'));
    const a = await store.listText({ companyId: 'co-cnt' }, { counts: true });
    const b = await store.listText({ companyId: 'co-cnt', limit: 5 }, { counts: true });
    expect(a.counts).toEqual({ ...(await store.counts('co-none')), created: 1 });
    expect(b.counts).toBe(a.counts); // the same counts text read: the object made from it before
    expect(Object.isFrozen(a.counts)).toBe(true); // shared, so nobody can change it under another request
    await store.saveDraft(draft('cnt-2', 'CNT-2', 'co-cnt'));
    const c = await store.listText({ companyId: 'co-cnt' }, { counts: true });
    expect(c.counts).toEqual({ ...a.counts, created: 2 });
    expect(a.counts!.created).toBe(1);
  });

  it('runs the list and counts as prepared statements on Postgres (planned once per connection)', async () => {
    if (db.kind !== 'postgres') return expect(db.kind).toBe('pglite'); // PGlite: no named statements, same answers (tests above)
    const one = knex({ client: 'pg', connection: db.knex.client.config.connection, pool: { min: 1, max: 1 } });
    try {
      const s1 = createStores(one).certificates;
      const first = await s1.list({ companyId: 'co-card' });
      expect(await s1.list({ companyId: 'co-card' })).toEqual(first);
      await s1.counts('co-card');
      const names = (await one.raw("select name, statement from pg_prepared_statements where name like 'grain_%'")).rows as Array<{ statement: string }>;
      expect(names.map((x) => x.statement).join('\n')).toMatch(/string_agg[\s\S]*certificate_counts|certificate_counts[\s\S]*string_agg/);
      await s1.listText({ companyId: 'co-card' }, { counts: true });
      const after = (await one.raw("select statement from pg_prepared_statements where name like 'grain_%'")).rows as Array<{ statement: string }>;
      expect(after.some((x) => /string_agg[\s\S]*certificate_counts/.test(x.statement))).toBe(true); // page and counts, one statement
    } finally {
      await one.destroy();
    }
  });

  it('deleteDraft answers true only when it deleted a draft (on PGlite as on Postgres)', async () => {
    await store.saveDraft(draft('del-1', 'DEL-1', 'co-del'));
    await store.upsert(submit(draft('del-2', 'DEL-2', 'co-del')));
    expect(await store.deleteDraft('co-other', 'del-1')).toBe(false); // another company's draft
    expect(await store.deleteDraft('co-del', 'del-2')).toBe(false); // submitted: not a draft any more
    expect(await store.deleteDraft('co-del', 'del-1')).toBe(true);
    expect(await store.get('co-del', 'del-1')).toBeNull();
    expect(await store.audit('co-del', 'del-1')).toEqual([]);
    expect(await store.deleteDraft('co-del', 'del-1')).toBe(false); // already gone
    expect(await store.get('co-del', 'del-2')).not.toBeNull();
  });
});

describe('OtpStore', () => {
  const b = { certificateId: 'c-otp', level: 1, userId: 'a1', contentHash: 'h1' };
  /** The statements `f` sent to the database (BEGIN and COMMIT count: each is a round trip). */
  async function statementsOf(f: () => Promise<unknown>): Promise<string[]> {
    const sql: string[] = [];
    const count = (q: { sql: string }) => void sql.push(q.sql);
    db.knex.on('query', count);
    try {
      await f().catch(() => undefined);
    } finally {
      db.knex.removeListener('query', count);
    }
    return sql;
  }
  it('a code request is one statement: the throttle, the older code superseded and the new one stored', async () => {
    const now = new Date('2030-04-01T10:00:00.000Z');
    const otp = createStores(db.knex, { now: () => now }).otps;
    const b1 = { certificateId: 'one-stmt', level: 1, userId: 'a1', contentHash: 'h1' };
    const first = await otp.issue(b1);
    let second: { otpId: string } | undefined;
    expect(
      await statementsOf(async () => {
        second = await otp.issue(b1);
      }),
    ).toHaveLength(1);
    const rows = await db.knex('certificate_otps').where({ certificate_id: 'one-stmt' }).select('id', 'superseded_at');
    expect(rows.find((r) => r.id === first.otpId)?.superseded_at).not.toBeNull();
    expect(rows.find((r) => r.id === second!.otpId)?.superseded_at).toBeNull();
    await otp.issue(b1);
    // the fourth in the window is refused by the same one statement, and stores nothing
    let refusal: unknown;
    expect(
      await statementsOf(() =>
        otp.issue(b1).catch((e: unknown) => {
          refusal = e;
        }),
      ),
    ).toHaveLength(1);
    expect(refusal).toMatchObject({ code: 'OTP_REQUESTS_THROTTLED', details: { retryAt: '2030-04-01T10:15:00.000Z', retryAfterSeconds: 900 } });
    expect(Number((await db.knex('certificate_otps').where({ certificate_id: 'one-stmt' }).count({ n: '*' }))[0].n)).toBe(3);
  });
  it('a typed code is checked and consumed in one statement, a wrong one counted in one, a redeem is one', async () => {
    const otp = createStores(db.knex).otps;
    const b1 = { certificateId: 'one-verify', level: 1, userId: 'a1', contentHash: 'h1' };
    const { code, otpId } = await otp.issue(b1);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await statementsOf(() => otp.verify(b1, wrong))).toHaveLength(1);
    expect((await db.knex('certificate_otps').where({ id: otpId }).first('attempts')).attempts).toBe(1);
    expect(await statementsOf(() => otp.verify(b1, code))).toHaveLength(1);
    await expect(otp.verify(b1, code)).rejects.toMatchObject({ code: 'OTP_INVALID' });
    expect(await statementsOf(() => otp.redeem(otpId, b1, 'k1'))).toHaveLength(1);
    expect((await db.knex('certificate_otps').where({ id: otpId }).first('redeem_key')).redeem_key).toBe('k1');
    await otp.redeem(otpId, b1, 'k1');
    await expect(otp.redeem(otpId, b1, 'k2')).rejects.toMatchObject({ code: 'OTP_INVALID' });
  });
  it('guesses sent at once are each counted before they are compared: no more than OTP_MAX_ATTEMPTS, then locked', async () => {
    const otp = createStores(db.knex).otps;
    const b1 = { certificateId: 'one-parallel', level: 1, userId: 'a1', contentHash: 'h1' };
    const { code, otpId } = await otp.issue(b1);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const outcomes = await Promise.all(
      guesses.map((g) =>
        otp.verify(b1, g).then(
          () => 'signed',
          (e: { code: string }) => e.code,
        ),
      ),
    );
    expect(outcomes.filter((x) => x === 'OTP_INVALID')).toHaveLength(OTP_MAX_ATTEMPTS - 1);
    expect(outcomes.filter((x) => x === 'OTP_LOCKED')).toHaveLength(30 - (OTP_MAX_ATTEMPTS - 1));
    expect((await db.knex('certificate_otps').where({ id: otpId }).first('attempts')).attempts).toBe(OTP_MAX_ATTEMPTS);
    await expect(otp.verify(b1, code)).rejects.toMatchObject({ code: 'OTP_LOCKED' });
  });
  it('verifies once, binds to content, and redeems once', async () => {
    const otp = createStores(db.knex).otps;
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
    const otp = createStores(db.knex, { now: () => now }).otps;
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
  it('throttles fresh signing codes per signer and level, and says when the next may be asked', async () => {
    let now = new Date('2030-02-01T10:00:00.000Z');
    const otp = createStores(db.knex, { now: () => now }).otps;
    const b = { certificateId: 'thr-1', level: 1, userId: 'a1' };
    for (let i = 0; i < 3; i++) {
      await otp.assertMayRequest(b);
      await otp.issue({ ...b, contentHash: 'h1' });
      now = new Date(now.getTime() + 60_000);
    }
    await expect(otp.assertMayRequest(b)).rejects.toMatchObject({
      code: 'OTP_REQUESTS_THROTTLED',
      details: { retryAt: '2030-02-01T10:15:00.000Z', retryAfterSeconds: 720 },
    });
    // another signer, or the same signer at another level, is not held back
    await otp.assertMayRequest({ ...b, userId: 'a2' });
    await otp.assertMayRequest({ ...b, level: 2 });
    now = new Date('2030-02-01T10:15:00.001Z');
    await otp.assertMayRequest(b);
  });
  it('a code that signed does not count: a signer sent back signs again within the window', async () => {
    const now = new Date('2030-03-01T10:00:00.000Z');
    const otp = createStores(db.knex, { now: () => now }).otps;
    const b = { certificateId: 'thr-2', level: 1, userId: 'a1' };
    // three rounds of sign, send back, sign again within a few minutes: each code is spent on a signature
    for (let round = 0; round < 3; round++) {
      await otp.assertMayRequest(b);
      const { code } = await otp.issue({ ...b, contentHash: 'h1' });
      const { otpId } = await otp.verify(b, code);
      await otp.redeem(otpId, { ...b, contentHash: 'h1' }, `k${round}`);
    }
    await otp.assertMayRequest(b);
    // codes asked for and never used still count
    for (let i = 0; i < 3; i++) await otp.issue({ ...b, contentHash: 'h1' });
    await expect(otp.assertMayRequest(b)).rejects.toMatchObject({ code: 'OTP_REQUESTS_THROTTLED' });
  });
});
