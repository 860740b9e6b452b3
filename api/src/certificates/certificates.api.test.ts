import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, importX509, jwtVerify } from 'jose';
import type { IssuedCertificate } from '@grain/domain';
import { daysFromNow, useCertHarness } from './certificates.test-harness';
import { TEST_ORIGIN, type Agent } from '../testing/session';

/** The header of a JWT whose signature is then checked with the key of the certificate it names. */
async function jwtVerifyFirst(jwt: string) {
  const protectedHeader = decodeProtectedHeader(jwt);
  const pem = `-----BEGIN CERTIFICATE-----\n${protectedHeader.x5c![0]}\n-----END CERTIFICATE-----`;
  await jwtVerify(jwt, await importX509(pem, 'ES256'));
  return { protectedHeader };
}

/**
 * The certificate calls against the real app, a real worker on the shared Temporal dev server, a
 * fresh database and real SMTP on loopback: the whole chain plus the refusals.
 */
const h = useCertHarness();

const users = () => h.acme.users;
const day = daysFromNow;

async function createBody(opts: { number?: string; status?: 'created' | 'signing'; verified?: boolean } = {}) {
  return {
    approvalNumber: opts.number ?? `N${Date.now()}`,
    approvalName: 'Wheat lot 7',
    priority: 'High',
    approvalDoc: { _id: await h.farmRecord(h.acme, opts.verified ?? true) },
    supportDocs: [],
    approvalLevels: [
      { group: 'Farm Data Signing', signers: [users().signer.id], signatures: 1, deadline: day(3) },
      { group: 'Inspection Signing', signers: [users().signer2.id, users().signer3.id], signatures: 1, deadline: day(5) },
    ],
    status: opts.status ?? 'created',
  };
}

async function signAs(role: string, approvalId: string, levelId: string): Promise<{ status: number; body: any }> {
  const agent = await h.as(role);
  const otp = await h.requestOtp(agent, levelId, users()[role].email);
  const res = await agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval: approvalId, otp, note: `ok from ${role}` });
  return { status: res.status, body: res.body };
}

/** The sealed revision of a B-LT PDF: its bytes up to the end of the signature's byte range (the DSS follows). */
function signedRevision(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text.slice(text.lastIndexOf('/ByteRange')));
  return m ? pdf.subarray(0, Number(m[3]) + Number(m[4])) : pdf;
}

describe('certificate API', () => {
  let manager: Agent;
  beforeAll(async () => {
    manager = await h.as('manager');
  });

  it("lists what waits for the caller's signature: pending signers and delegates of the current level only, overdue first", async () => {
    const inbox = async (role: string, company = h.acme) => (await (await h.as(role, company)).get('/api/company/approvals/inbox').expect(200)).body;
    const submit = async (number: string, firstDue: string) => {
      const body = await createBody({ number, status: 'signing' });
      body.approvalLevels[0].deadline = firstDue;
      return (await manager.post('/api/company/approval/create').send(body).expect(201)).body.approval;
    };
    const later = await submit(`INBOX-LATER-${Date.now()}`, day(6));
    const sooner = await submit(`INBOX-SOONER-${Date.now()}`, day(2));
    // the read model has the later one overdue (as the workflow's timer would mark it)
    const stored = (await h.t.deps.stores.certificates.get(h.acme.companyId, later._id))!;
    await h.t.deps.stores.certificates.upsert({
      ...stored.state,
      version: stored.state.version + 1,
      overdue: true,
      levels: stored.state.levels.map((l, i) => (i === 0 ? { ...l, overdue: true } : l)),
    });
    const mine = (await inbox('signer')).inbox.filter((x: { approvalNumber: string }) => x.approvalNumber.startsWith('INBOX-'));
    expect(mine.map((x: { _id: string }) => x._id)).toEqual([later._id, sooner._id]); // overdue first
    expect(mine[0]).toMatchObject({ level: 1, group: 'Farm Data Signing', overdue: true, submitter: expect.any(String) });
    // a signer of level 2, the submitter and another company's signer are not asked yet
    for (const [role, company] of [
      ['signer2', h.acme],
      ['manager', h.acme],
      ['signer', h.other],
    ] as const) {
      expect((await inbox(role, company)).inbox.map((x: { _id: string }) => x._id)).not.toEqual(expect.arrayContaining([sooner._id]));
    }
    // a delegate is asked in the delegator's place; once the level is signed, nobody is
    const l1 = sooner.approvalLevels[0];
    await (
      await h.as('signer')
    )
      .post(`/api/company/approval/${sooner._id}/delegate`)
      .send({ to: [users().signer3.id], note: 'away' })
      .expect(200);
    expect((await inbox('signer3')).inbox.map((x: { _id: string }) => x._id)).toContain(sooner._id);
    expect((await signAs('signer3', sooner._id, l1._id)).status).toBe(200);
    expect((await inbox('signer')).inbox.map((x: { _id: string }) => x._id)).not.toContain(sooner._id);
    // now level 2's turn: its signers (signer3 among them again)
    for (const role of ['signer2', 'signer3']) {
      const entry = (await inbox(role)).inbox.find((x: { _id: string }) => x._id === sooner._id);
      expect([role, entry?.level]).toEqual([role, 2]);
    }
  });

  it('answers the default number (today + 1) and the company signers only', async () => {
    const res = await manager.get('/api/company/approval/create').expect(200);
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    expect(res.body.approvalNumber).toBe(`${today}1`);
    const emails = res.body.signers.map((s: { email: string }) => s.email);
    expect(emails).toContain(users().signer.email);
    expect(emails).not.toContain(h.other.users.signer.email);
  });

  it('keeps a draft in the database, refuses a duplicate number, lists it under Created, deletes it', async () => {
    const body = await createBody({ number: 'DRAFT-1' });
    const created = await manager.post('/api/company/approval/create').send(body).expect(201);
    expect(created.body.approval).toMatchObject({ status: 'created', approvalNumber: 'DRAFT-1', priority: 'High' });
    expect(created.body.approval.approvalDoc.farm).toMatchObject({ grainType: 'Wheat', protein: 91.5 });
    const dup = await manager.post('/api/company/approval/create').send(body).expect(409);
    expect(dup.body.code).toBe('DUPLICATE_NUMBER');
    const next = await manager.get('/api/company/approval/create').expect(200);
    expect(next.body.approvalNumber).toMatch(/1$/);
    const list = await manager.get('/api/company/approvals?status=created').expect(200);
    expect(list.body.approval_list.map((a: { approvalNumber: string }) => a.approvalNumber)).toContain('DRAFT-1');
    expect(list.body.counts.created).toBeGreaterThanOrEqual(1);
    const id = created.body.approval._id;
    const edited = await manager
      .post(`/api/company/approval/${id}/update`)
      .send({ ...body, approvalName: 'Wheat lot 7b' })
      .expect(200);
    expect(edited.body.approval.approvalName).toBe('Wheat lot 7b');
    // another company sees nothing of it
    const outsider = await h.as('admin', h.other);
    await outsider.get(`/api/company/approval/${id}`).expect(404);
    await outsider.post(`/api/company/approval/${id}/delete`).send({}).expect(404);
    await manager.post(`/api/company/approval/${id}/delete`).send({ approvalId: id }).expect(200);
    await manager.get(`/api/company/approval/${id}`).expect(404);
    // drafts never reach a workflow: the API itself told the company's live channel of each change
    const live = (await h.t.db.knex('live_events').where({ type: 'certificate_update', company_id: h.acme.companyId }))
      .map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data))
      .filter((d) => d.id === id);
    expect(live.map((d) => d.status)).toEqual(['created', 'created', 'deleted']);
  });

  it('refuses submit while the grain image is not verified, and refuses foreign signers', async () => {
    const unverified = await manager
      .post('/api/company/approval/create')
      .send(await createBody({ status: 'signing', verified: false }))
      .expect(400);
    expect(unverified.body.code).toBe('IMAGE_VALIDATION_REQUIRED');
    expect(unverified.body.invalidMsg).toMatch(/grain photo of the farm record is not verified/);
    const body = await createBody({ status: 'signing' });
    body.approvalLevels[0].signers = [h.other.users.signer.id];
    await manager.post('/api/company/approval/create').send(body).expect(400);
    await (
      await h.as('staff')
    )
      .post('/api/company/approval/create')
      .send(await createBody())
      .expect(403);
  });

  it('one lot, one certificate: a farm record held by a certificate in signing is refused to another, named in the form info, and free again once withdrawn', async () => {
    const first = await createBody({ status: 'signing' });
    const held = await manager.post('/api/company/approval/create').send(first).expect(201);
    const again = { ...(await createBody()), approvalDoc: first.approvalDoc };
    const refused = await manager.post('/api/company/approval/create').send(again).expect(409);
    expect(refused.body.code).toBe('FARM_RECORD_IN_USE');
    expect(refused.body.invalidMsg).toMatch(/already backs another certificate/);
    const vn = await manager
      .post('/api/company/approval/create')
      .set('x-lang', 'vn')
      .send({ ...again, status: 'signing' })
      .expect(409);
    expect(vn.body.invalidMsg).toMatch(/Mỗi lô một chứng nhận/);
    const info = (await manager.get('/api/company/approval/create').expect(200)).body;
    expect(info.farmRecordsInUse).toContainEqual({ farmRecordId: first.approvalDoc._id, approvalNumber: first.approvalNumber, status: 'signing' });
    await manager.post(`/api/company/approval/${held.body.approval._id}/delete`).send({ reason: 'Wrong lot' }).expect(200);
    await manager.post('/api/company/approval/create').send(again).expect(201);
  });

  it('runs the chain: submit, refusals, sign, reject, re-sign, delegate, done, Get Cert, public verification', async () => {
    const sub = await manager
      .post('/api/company/approval/create')
      .send(await createBody({ status: 'signing', number: 'CHAIN-1' }))
      .expect(201);
    const a = sub.body.approval;
    expect(a.status).toBe('signing');
    const [l1, l2] = a.approvalLevels;
    expect(a.stage).toBe(l1._id);

    // the list reads the read model: Signing toggle shows it
    const signing = await manager.get('/api/company/approvals?status=signing,pending').expect(200);
    expect(signing.body.approval_list.some((x: { _id: string }) => x._id === a._id)).toBe(true);

    // refusals: an outsider of the level, a wrong code, another company, editing while signing
    const notSigner = await (await h.as('signer2')).post(`/api/company/approvallevel/${l1._id}/code`).send({});
    expect(notSigner.body.code).toBe('NOT_A_SIGNER');
    const signer = await h.as('signer');
    await h.requestOtp(signer, l1._id, users().signer.email);
    const wrong = await signer.post(`/api/company/approvallevel/${l1._id}/sign`).send({ approval: a._id, otp: '000000x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('OTP_INVALID');
    await (await h.as('signer', h.other)).post(`/api/company/approvallevel/${l1._id}/sign`).send({ approval: a._id, otp: '123456' }).expect(404);
    const edit = await manager.post(`/api/company/approval/${a._id}/update`).send(await createBody({ number: 'CHAIN-1' }));
    expect(edit.body.code).toBe('CERTIFICATE_NOT_EDITABLE');

    // level 1 signs; the stage moves to level 2
    const s1 = await signAs('signer', a._id, l1._id);
    expect(s1.status).toBe(200);
    expect(s1.body.approval.stage).toBe(l2._id);
    expect(s1.body.approval.approvalLevels[0].status).toBe('done');

    // level 2 rejects to level 1 (a later level is refused first); then level 1 signs again
    const forward = await (await h.as('signer2')).post(`/api/company/approval/${a._id}/reject`).send({ toLevel: 3, reason: 'x' });
    expect(forward.status).toBe(400);
    const noReason = await (await h.as('signer2')).post(`/api/company/approval/${a._id}/reject`).send({ toLevel: 1, reason: ' ' });
    expect(noReason.body.code).toBe('REASON_REQUIRED');
    const rej = await (await h.as('signer2')).post(`/api/company/approval/${a._id}/reject`).send({ toLevel: 1, reason: 'Moisture photo missing' }).expect(200);
    expect(rej.body.approval).toMatchObject({ status: 'rejected', stage: l1._id });
    // the level sent back to is told who sent it back, from where and why
    const sentBack = await (await h.as('signer')).get(`/api/company/approval/${a._id}`).expect(200);
    expect(sentBack.body.approval.rejection).toMatchObject({ fromLevel: 2, toLevel: 1, reason: 'Moisture photo missing', by: expect.stringMatching(/\S/) });
    const again = await signAs('signer', a._id, l1._id);
    expect(again.status).toBe(200);
    expect((await manager.get(`/api/company/approval/${a._id}`).expect(200)).body.approval.rejection).toBeNull();

    // level 2: signer2 delegates to the admin, who signs on their behalf
    const del = await (
      await h.as('signer2')
    )
      .post(`/api/company/approval/${a._id}/delegate`)
      .send({ to: [users().admin.id], note: 'on leave' })
      .expect(200);
    expect(del.body.approval.approvalLevels[1].signers.map((s: { _id: string }) => s._id)).toContain(users().admin.id);
    expect(del.body.approval.approvalLevels[1].comments.join(' ')).toMatch(/on leave/);
    const done = await signAs('admin', a._id, l2._id);
    expect(done.status).toBe(200);
    expect(done.body.approval.status).toBe('done');
    const late = await (await h.as('signer3')).post(`/api/company/approvallevel/${l2._id}/code`).send({});
    expect(late.status).toBeGreaterThanOrEqual(400);

    // detail carries the audit trail from the workflow
    const detail = await manager.get(`/api/company/approval/${a._id}`).expect(200);
    const actions = detail.body.approval.audit.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['submit', 'sign', 'reject', 'delegate']));

    // Get Cert: the PDF, once the workflow has made it
    let pdf: any;
    for (let i = 0; i < 100; i++) {
      pdf = await manager
        .get(`/api/company/approval/${a._id}?format=pdf`)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      if (pdf.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(pdf.status).toBe(200);
    expect((await manager.get(`/api/company/approval/${a._id}`).expect(200)).body.approval.can.getCert).toBe(true);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    // sealed by the company: poppler's pdfsig finds the company seal's valid signature over the whole file
    const sealDir = mkdtempSync(path.join(tmpdir(), 'grain-sealed-'));
    writeFileSync(path.join(sealDir, 'cert.pdf'), pdf.body as Buffer);
    const sig = execFileSync('pdfsig', [path.join(sealDir, 'cert.pdf')], { encoding: 'utf8' });
    expect(sig).toMatch(/Signer Certificate Common Name: Acme Grain certificate seal/);
    expect(sig).toMatch(/Signature Validation: Signature is Valid\./);
    // B-LT: the DSS follows the seal in an incremental update, so pdfsig sees the sealed revision, not the
    // whole file; cut where the byte range ends, that revision is wholly signed
    expect(sig).toMatch(/Not total document signed/);
    writeFileSync(path.join(sealDir, 'sealed.pdf'), signedRevision(pdf.body as Buffer));
    expect(execFileSync('pdfsig', [path.join(sealDir, 'sealed.pdf')], { encoding: 'utf8' })).toMatch(/- Total document signed/);

    // public verification: no login, by number with the verification code printed on it and by content hash, and the PDF check
    const anon = h.t.app;
    const request = (await import('supertest')).default;
    const code = detail.body.approval.contentHash.slice(0, 12);
    const byNumber = await request(anon).get(`/api/public/verify?number=CHAIN-1&code=${code}`).expect(200);
    expect(byNumber.body.approval).toMatchObject({ status: 'done', company: 'Acme Grain' });
    expect(byNumber.body.approval.ledger?.txId).toBeTruthy();
    const byHash = await request(anon).get(`/api/public/verify?hash=${detail.body.approval.contentHash}`).expect(200);
    expect(byHash.body.approval.approvalNumber).toBe('CHAIN-1');
    // the public page states what the issued PDF states, read back from the PDF by a text extractor
    const issued = byHash.body.approval.issued as IssuedCertificate;
    const pdfText = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body as Buffer, encoding: 'utf8' }).replace(/\s+/g, ' ');
    const stated = [
      issued.issuer.name,
      issued.number,
      issued.name,
      issued.issued,
      issued.validTo,
      ...(issued.membershipNumber ? [issued.membershipNumber] : []),
      issued.grain.grade,
      issued.grain.farmRecord,
      issued.contentHash.slice(0, 20),
      ...issued.levels.flatMap((l) => l.signatures.flatMap((x) => [x.name, x.fingerprint])),
    ];
    expect(issued.levels.flatMap((l) => l.signatures)).not.toHaveLength(0);
    expect(stated.filter((fact) => !pdfText.includes(String(fact)))).toEqual([]);
    // the verifiable credential: the same facts, signed by the company seal, checked by a third-party library
    const jwtOf = (res: { text: string }) => res.text.trim();
    const memberJwt = jwtOf(
      await manager
        .get(`/api/company/approval/${a._id}/credential`)
        .expect('Content-Type', /application\/vc\+jwt/)
        .expect(200),
    );
    const publicJwt = jwtOf(await request(anon).get(`/api/public/verify/credential?hash=${issued.contentHash}`).expect(200));
    const { protectedHeader } = await jwtVerifyFirst(publicJwt);
    const [sealDer, caDer] = protectedHeader.x5c!;
    const seal = new X509Certificate(Buffer.from(sealDer, 'base64'));
    const ca = new X509Certificate(Buffer.from(caDer, 'base64'));
    // the seal was issued by the company CA the public endpoint serves
    expect(seal.verify(ca.publicKey)).toBe(true);
    const servedCa = (await request(anon).get(`/api/public/verify/ca?hash=${issued.contentHash}`).expect(200)).text;
    expect(new X509Certificate(servedCa).fingerprint256).toBe(ca.fingerprint256);
    for (const jwt of [memberJwt, publicJwt]) {
      const { payload } = await jwtVerify(jwt, await importX509(seal.toString(), 'ES256'), { typ: 'vc+jwt' });
      expect(payload).toMatchObject({
        type: ['DigitalConformityCredential', 'VerifiableCredential'],
        issuer: { name: 'Acme Grain' },
        credentialSubject: {
          certificateNumber: 'CHAIN-1',
          assessment: [{ assessedProduct: [{ grade: issued.grain.grade }] }],
          evidence: expect.arrayContaining([expect.objectContaining({ contentHash: issued.contentHash })]),
        },
      });
      const endorsed = (payload.credentialSubject as { endorsement: Array<{ name: string }> }).endorsement.map((x) => x.name);
      expect(endorsed).toEqual(issued.levels.flatMap((l) => l.signatures.map((x) => x.name)));
    }
    // one changed claim and the signature no longer holds
    const [head, body, signature] = publicJwt.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), name: 'Grain quality certificate FORGED' })).toString(
      'base64url',
    );
    await expect(jwtVerify(`${head}.${forged}.${signature}`, await importX509(seal.toString(), 'ES256'))).rejects.toThrow(/signature verification failed/);
    expect((await request(anon).get(`/api/public/verify/status?hash=${issued.contentHash}`).expect(200)).body).toMatchObject({
      status: 'issued',
      revocation: null,
    });
    // a file someone was sent, checked check by check without trusting anything but the issuer's CA
    const checkFile = async (data: Buffer, name: string) =>
      (await request(anon).post('/api/public/verify/check').set('Origin', TEST_ORIGIN).attach('file', data, name).expect(200)).body as {
        kind: string;
        approvalNumber?: string;
        checks: Array<{ id: string; ok: boolean; detail?: string }>;
      };
    const okOf = (a: { checks: Array<{ id: string; ok: boolean }> }) => Object.fromEntries(a.checks.map((c) => [c.id, c.ok]));
    const pdfCheck = await checkFile(pdf.body as Buffer, 'cert.pdf');
    expect(pdfCheck).toMatchObject({ kind: 'pdf', approvalNumber: 'CHAIN-1' });
    expect(okOf(pdfCheck)).toEqual({
      seal: true,
      sealTime: true,
      wholeDocument: true,
      issuer: true,
      verifiedIssuer: true,
      asIssued: true,
      ledger: true,
      signers: true,
      notRevoked: true,
    });
    expect(pdfCheck.checks.find((c) => c.id === 'issuer')?.detail).toBe('Acme Grain');
    const changedPdf = Buffer.from(pdf.body as Buffer);
    changedPdf[changedPdf.indexOf('/Reason') + 9] ^= 1;
    expect(okOf(await checkFile(changedPdf, 'cert.pdf'))).toMatchObject({ seal: false, asIssued: false });
    const vcCheck = await checkFile(Buffer.from(publicJwt), 'cert.vc.jwt');
    expect(vcCheck).toMatchObject({ kind: 'credential', approvalNumber: 'CHAIN-1' });
    expect(okOf(vcCheck)).toEqual({ seal: true, issuer: true, verifiedIssuer: true, content: true, ledger: true, signers: true, notRevoked: true });
    expect(okOf(await checkFile(Buffer.from(`${head}.${forged}.${signature}`), 'cert.vc.jwt'))).toMatchObject({ seal: false, content: false });
    const unknown = await request(anon).post('/api/public/verify/check').set('Origin', TEST_ORIGIN).attach('file', Buffer.from('hello'), 'x.txt').expect(400);
    expect(unknown.body.code).toBe('VERIFY_FILE_UNKNOWN');
    const match = await request(anon)
      .post(`/api/public/verify/pdf?number=CHAIN-1&code=${code}`)
      .set('Origin', TEST_ORIGIN)
      .attach('file', pdf.body as Buffer, 'cert.pdf')
      .expect(200);
    expect(match.body.match).toBe(true);
    // without naming a certificate, the recorded PDF hash finds it
    const anyMatch = await request(anon)
      .post('/api/public/verify/pdf')
      .set('Origin', TEST_ORIGIN)
      .attach('file', pdf.body as Buffer, 'cert.pdf')
      .expect(200);
    expect(anyMatch.body).toMatchObject({ match: true, approvalNumber: 'CHAIN-1' });
    // the hash it compares with is the one recorded when the PDF was stored
    expect((await h.t.db.knex('certificates').where({ id: a._id }).first('pdf_sha256')).pdf_sha256).toBe(match.body.sha256);
    // every read-model write of the workflow reached the company's live channel, and only that company's
    const live = await h.t.db.knex('live_events').where({ type: 'certificate_update' });
    const mine = live.map((r) => ({ ...r, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data })).filter((r) => r.data.id === a._id);
    expect(mine.map((r) => r.data.status)).toEqual(expect.arrayContaining(['signing', 'rejected', 'done']));
    expect(new Set(mine.map((r) => r.company_id))).toEqual(new Set([h.acme.companyId]));
    const noMatch = await request(anon)
      .post(`/api/public/verify/pdf?number=CHAIN-1&code=${code}`)
      .set('Origin', TEST_ORIGIN)
      .attach('file', Buffer.from('%PDF-1.4 forged'), 'x.pdf')
      .expect(200);
    expect(noMatch.body.match).toBe(false);
    await request(anon).get(`/api/public/verify?number=DOES-NOT-EXIST&code=${code}`).expect(404);
  });

  it('saves, lists, loads and deletes templates within the company', async () => {
    const saved = await manager
      .post('/api/company/approvaltemplate/create')
      .send({
        approvalName: 'Export wheat',
        approvalLevels: [{ group: 'Farm Data Signing', signers: [users().signer.id], signatures: 1, dueInDays: 3 }],
      })
      .expect(201);
    const id = saved.body.approvalTemplate._id;
    expect(saved.body.approvalTemplate.approvalLevels[0].signers[0].email).toBe(users().signer.email);
    const list = await manager.get('/api/company/approvaltemplates').expect(200);
    expect(list.body.templates.map((x: { _id: string }) => x._id)).toContain(id);
    await (await h.as('admin', h.other)).get(`/api/company/approvaltemplate/${id}`).expect(404);
    await (
      await h.as('signer')
    )
      .post('/api/company/approvaltemplate/create')
      .send({ approvalName: 'x', approvalLevels: [{ group: 'g', signatures: 1 }] })
      .expect(403);
    const got = await manager.get(`/api/company/approvaltemplate/${id}`).expect(200);
    expect(got.body.approvalTemplate.approvalName).toBe('Export wheat');
    await manager.post(`/api/company/approvaltemplate/${id}/delete`).send({}).expect(200);
  });

  it('shows due-soon certificates on the overdue dashboard to managers only', async () => {
    const body = await createBody({ status: 'signing', number: 'SOON-1' });
    body.approvalLevels[0].deadline = day(0);
    const a = (await manager.post('/api/company/approval/create').send(body).expect(201)).body.approval;
    const res = await manager.get('/api/company/approvals/overdue?dueWithinHours=48').expect(200);
    const row = res.body.rows.find((r: { _id: string }) => r._id === a._id);
    expect(row).toMatchObject({ approvalNumber: 'SOON-1', level: 1, holders: [{ _id: users().signer.id }] });
    expect(row.remindersSent).toBe(0);
    // counts the reminder mails recorded for the current level since it started, not other levels' or older ones
    const reminders = h.t.deps.stores.reminders;
    await reminders.record({ key: `${a._id}:r1:mail:x`, certificateId: a._id, level: 1, recipientId: users().signer.id, overdue: false });
    await reminders.record({ key: `${a._id}:r1:mail:x`, certificateId: a._id, level: 1, recipientId: users().signer.id, overdue: false });
    await reminders.record({ key: `${a._id}:r2:mail:x`, certificateId: a._id, level: 2, recipientId: users().signer2.id, overdue: false });
    await h.t.db
      .knex('certificate_reminders')
      .insert({ key: `${a._id}:old`, certificate_id: a._id, level: 1, recipient_id: users().signer.id, sent_at: '2000-01-01T00:00:00Z' });
    const counted = (await manager.get('/api/company/approvals/overdue?dueWithinHours=48').expect(200)).body.rows.find((r: { _id: string }) => r._id === a._id);
    expect(counted.remindersSent).toBe(1);
    await (await h.as('signer')).get('/api/company/approvals/overdue').expect(403);
    await manager.post(`/api/company/approval/${a._id}/delete`).send({}).expect(200);
    const after = await manager.get(`/api/company/approval/${a._id}`).expect(200);
    expect(after.body.approval.status).toBe('cancelled');
  });

  it('refuses everything without a session', async () => {
    const request = (await import('supertest')).default;
    await request(h.t.app).get('/api/company/approvals').expect(401);
  });
});
