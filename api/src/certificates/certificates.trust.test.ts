import request from 'supertest';
import { message } from '@grain/domain';
import { daysFromNow, pdfOf, useCertHarness } from './certificates.test-harness';
import { TEST_ORIGIN, type Agent, type SeededCompany } from '../testing/session';

/**
 * What makes a certificate trustworthy, through the real app, a real worker and a fresh database:
 * resubmit checks like submit, every date entering a certificate is a real day not yet past, signing
 * codes cannot be asked for without end, and public verification shows only issued certificates and
 * cannot be taken over by another company.
 */
const h = useCertHarness({}, 240_000);

const day = daysFromNow;
let seq = 0;
const uniqueNumber = (p: string) => `${p}-${Date.now()}-${++seq}`;

async function body(
  company: SeededCompany,
  opts: { number?: string; status?: 'created' | 'signing'; deadline?: string; levels?: number; farmId?: string } = {},
) {
  const u = company.users;
  const levels = [
    { group: 'Farm Data Signing', signers: [u.signer.id], signatures: 1, deadline: opts.deadline ?? day(3) },
    { group: 'Inspection Signing', signers: [u.signer2?.id ?? u.admin.id], signatures: 1, deadline: day(5) },
  ].slice(0, opts.levels ?? 2);
  return {
    approvalNumber: opts.number ?? uniqueNumber('T'),
    approvalName: 'Wheat lot 11',
    priority: 'High',
    approvalDoc: { _id: opts.farmId ?? (await h.farmRecord(company)) },
    supportDocs: [],
    approvalLevels: levels,
    status: opts.status ?? 'created',
  };
}

async function signAs(agent: Agent, company: SeededCompany, role: string, approvalId: string, levelId: string) {
  const otp = await h.requestOtp(agent, levelId, company.users[role].email);
  return agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval: approvalId, otp });
}

/** A one-level certificate of `company`, submitted by its admin and signed by its signer: issued. */
async function issued(company: SeededCompany, number: string) {
  const admin = await h.as('admin', company);
  const sub = await admin
    .post('/api/company/approval/create')
    .send(await body(company, { number, status: 'signing', levels: 1 }))
    .expect(201);
  const a = sub.body.approval;
  const signed = await signAs(await h.as('signer', company), company, 'signer', a._id, a.approvalLevels[0]._id);
  expect(signed.body.approval?.status).toBe('done');
  return { id: a._id as string, contentHash: signed.body.approval.contentHash as string, pdf: await pdfOf(admin, a._id) };
}

describe('resubmit checks what submit checks', () => {
  it('refuses a resubmit whose farm record has no verified grain image, as create does', async () => {
    const manager = await h.as('manager');
    const unverified = await h.farmRecord(h.acme, false);
    const refusedOnCreate = await manager
      .post('/api/company/approval/create')
      .send(await body(h.acme, { status: 'signing', farmId: unverified }))
      .expect(400);
    expect(refusedOnCreate.body.code).toBe('IMAGE_VALIDATION_REQUIRED');

    const sub = await manager
      .post('/api/company/approval/create')
      .send(await body(h.acme, { status: 'signing' }))
      .expect(201);
    const a = sub.body.approval;
    expect((await signAs(await h.as('signer'), h.acme, 'signer', a._id, a.approvalLevels[0]._id)).status).toBe(200);
    await (await h.as('signer2')).post(`/api/company/approval/${a._id}/reject`).send({ toLevel: 1, reason: 'Wrong lot' }).expect(200);

    const swapped = { ...(await body(h.acme, { number: a.approvalNumber, farmId: unverified })), status: 'signing' };
    const refused = await manager.post(`/api/company/approval/${a._id}/update`).send(swapped);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('IMAGE_VALIDATION_REQUIRED');
    const detail = await manager.get(`/api/company/approval/${a._id}`).expect(200);
    expect(detail.body.approval).toMatchObject({ status: 'rejected', approvalDoc: { _id: a.approvalDoc._id } });
    // the same resubmit with a verified record goes through
    const ok = await manager
      .post(`/api/company/approval/${a._id}/update`)
      .send({ ...swapped, approvalDoc: { _id: a.approvalDoc._id } })
      .expect(200);
    expect(ok.body.approval.status).toBe('signing');
  });
});

describe('every date entering a certificate', () => {
  it('is a real calendar day or full ISO time, not in the past, on create, update and level update alike', async () => {
    const manager = await h.as('manager');
    const past = await manager.post('/api/company/approval/create').send(await body(h.acme, { deadline: day(-2) }));
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('DATE_IN_PAST');
    const pastVn = await manager.post('/api/company/approval/create?lang=vn').send(await body(h.acme, { deadline: day(-2) }));
    expect(pastVn.body.invalidMsg).toBe(message('DATE_IN_PAST', 'vn'));
    for (const deadline of ['2026-13-40', '2026-11-31', 'soon', '2030-02-30T10:00:00Z', '2030-01-01T25:00:00Z']) {
      const bad = await manager.post('/api/company/approval/create').send(await body(h.acme, { deadline }));
      expect([deadline, bad.status, bad.body.code]).toEqual([deadline, 400, 'INVALID_DATE']);
    }
    // today is still valid, as is a full time with its zone
    const today = await manager
      .post('/api/company/approval/create')
      .send(await body(h.acme, { deadline: day(0) }))
      .expect(201);
    const draft = today.body.approval;
    await manager
      .post('/api/company/approval/create')
      .send(await body(h.acme, { deadline: `${day(4)}T08:30:00+07:00` }))
      .expect(201);
    const updatePast = await manager
      .post(`/api/company/approval/${draft._id}/update`)
      // two days back: a day counts until it has ended in every time zone, so until noon UTC "yesterday"
      // is still today somewhere (UTC+12) and is accepted
      .send(await body(h.acme, { number: draft.approvalNumber, deadline: day(-2) }));
    expect(updatePast.body.code).toBe('DATE_IN_PAST');

    const levelId = draft.approvalLevels[0]._id;
    for (const [field, value, code] of [
      ['deadline', '2026-13-40', 'INVALID_DATE'],
      ['dealine', '2026-11-31', 'INVALID_DATE'],
      ['deadline', 'soon', 'INVALID_DATE'],
      ['dealine', day(-3), 'DATE_IN_PAST'],
    ]) {
      const res = await manager.post(`/api/company/approvallevel/${levelId}/update`).send({ [field]: value });
      expect([field, value, res.status, res.body.code]).toEqual([field, value, 400, code]);
    }
    const unchanged = await manager.get(`/api/company/approval/${draft._id}`).expect(200);
    expect(unchanged.body.approval.approvalLevels[0].deadline).toBe(draft.approvalLevels[0].deadline);
    const moved = await manager
      .post(`/api/company/approvallevel/${levelId}/update`)
      .send({ deadline: day(9) })
      .expect(200);
    expect(moved.body.approval.approvalLevels[0].deadline).toBe(`${day(9)}T23:59:59.000Z`);
  });
});

describe('signing codes', () => {
  it('gives a signer at most 3 codes per level in 15 minutes, then answers 429 saying when to retry', async () => {
    const manager = await h.as('manager');
    const sub = await manager
      .post('/api/company/approval/create')
      .send(await body(h.acme, { status: 'signing' }))
      .expect(201);
    const levelId = sub.body.approval.approvalLevels[0]._id;
    const signer = await h.as('signer');
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push(await h.requestOtp(signer, levelId, h.acme.users.signer.email));
    const fourth = await signer.post(`/api/company/approvallevel/${levelId}/code?lang=vn`).send({});
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'OTP_REQUESTS_THROTTLED', invalidMsg: message('OTP_REQUESTS_THROTTLED', 'vn') });
    const retryAt = Date.parse(fourth.body.details.retryAt);
    expect(retryAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(fourth.body.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // the newest code still signs
    const signed = await signer.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval: sub.body.approval._id, otp: codes[2] }).expect(200);
    expect(signed.body.approval.stage).toBe(sub.body.approval.approvalLevels[1]._id);
  });
});

describe('public verification', () => {
  const anon = () => request(h.t.app);

  it('shows nothing of a certificate in progress, by number or by hash', async () => {
    const manager = await h.as('manager');
    const number = uniqueNumber('WIP');
    const sub = await manager
      .post('/api/company/approval/create')
      .send(await body(h.acme, { number, status: 'signing' }))
      .expect(201);
    await anon().get(`/api/public/verify?hash=${sub.body.approval.contentHash}`).expect(404);
    await anon()
      .get(`/api/public/verify?number=${number}&code=${sub.body.approval.contentHash.slice(0, 12)}`)
      .expect(404);
  });

  it('cannot be taken over by another company issuing the same number, nor looked up by a bare number or with the company id', async () => {
    const number = uniqueNumber('SAME');
    const genuine = await issued(h.acme, number);
    const copy = await issued(h.other, number);
    expect(copy.contentHash).not.toBe(genuine.contentHash);
    const code = (c: { contentHash: string }) => c.contentHash.slice(0, 12);
    // a number alone names nothing (any company may issue it, and default numbers are easy to guess), and
    // nor does the company id, printed on every certificate: the verification code printed on it is asked
    const bare = await anon().get(`/api/public/verify?number=${number}&lang=vn`);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'VERIFY_CODE_REQUIRED', invalidMsg: message('VERIFY_CODE_REQUIRED', 'vn') });
    expect((await anon().get(`/api/public/verify?number=${number}&company=${h.acme.companyId}`)).body.code).toBe('VERIFY_CODE_REQUIRED');
    // the QR link's hash, and the number with its code, name the genuine one whatever the other company issued
    const byHash = await anon().get(`/api/public/verify?hash=${genuine.contentHash}`).expect(200);
    expect(byHash.body.approval).toMatchObject({ company: 'Acme Grain', approvalNumber: number, status: 'done' });
    const byCode = await anon()
      .get(`/api/public/verify?number=${number}&code=${code(genuine)}`)
      .expect(200);
    expect(byCode.body.approval).toMatchObject({ company: 'Acme Grain', contentHash: genuine.contentHash });
    const theirs = await anon()
      .get(`/api/public/verify?number=${number}&code=${code(copy)}`)
      .expect(200);
    expect(theirs.body.approval).toMatchObject({ company: 'Other Farms', contentHash: copy.contentHash });

    // the genuine PDF still matches; it is never checked against the other company's certificate
    const pdfCheck = (q: string, pdf: Buffer) => anon().post(`/api/public/verify/pdf${q}`).set('Origin', TEST_ORIGIN).attach('file', pdf, 'cert.pdf');
    expect((await pdfCheck(`?hash=${genuine.contentHash}`, genuine.pdf)).body).toMatchObject({ match: true, approvalNumber: number });
    expect((await pdfCheck(`?number=${number}&code=${code(genuine)}`, genuine.pdf)).body.match).toBe(true);
    expect((await pdfCheck(`?number=${number}`, genuine.pdf)).body.code).toBe('VERIFY_CODE_REQUIRED');
    expect((await pdfCheck('', genuine.pdf)).body).toMatchObject({ match: true, approvalNumber: number });
    expect((await pdfCheck(`?hash=${genuine.contentHash}`, copy.pdf)).body.match).toBe(false);
  });
});
