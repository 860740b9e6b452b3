import request from 'supertest';
import { daysFromNow, useCertHarness } from './certificates.test-harness';
import { TEST_ORIGIN, type Agent } from '../testing/session';

/**
 * Revoking an issued certificate: only the issuing company's admin may, with a reason; the revocation
 * is written to the ledger, and every public answer says so from then on — the status a verifier asks,
 * the verify page, and the check of the PDF or credential someone was sent.
 */
// the platform's operator here is one of Acme's signers: operators are named by PLATFORM_OPERATORS, not by a company role
const h = useCertHarness({ PLATFORM_OPERATORS: 'signer@acme-grain.test' });

async function issued(number: string) {
  const manager = await h.as('manager');
  const created = await manager
    .post('/api/company/approval/create')
    .send({
      approvalNumber: number,
      approvalName: 'Barley lot 12',
      approvalDoc: { _id: await h.farmRecord(h.acme) },
      supportDocs: [],
      approvalLevels: [{ group: 'Farm Data Signing', signers: [h.acme.users.signer.id], signatures: 1, deadline: daysFromNow(3) }],
      status: 'signing',
    })
    .expect(201);
  const a = created.body.approval;
  const signer = await h.as('signer');
  const otp = await h.requestOtp(signer, a.approvalLevels[0]._id, h.acme.users.signer.email);
  const done = await signer.post(`/api/company/approval/${a._id}/sign`).send({ otp, note: 'ok' }).expect(200);
  expect(done.body.approval.status).toBe('done');
  let pdf: Buffer | null = null;
  for (let i = 0; i < 100 && !pdf; i++) {
    const res = await manager
      .get(`/api/company/approval/${a._id}?format=pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    if (res.status === 200) pdf = res.body as Buffer;
    else await new Promise((r) => setTimeout(r, 200));
  }
  expect(pdf).not.toBeNull();
  return { id: a._id as string, contentHash: done.body.approval.contentHash as string, pdf: pdf!, manager };
}

const revoke = (agent: Agent, id: string, body: object) => agent.post(`/api/company/approval/${id}/revoke`).send(body);
const okOf = (a: { checks: Array<{ id: string; ok: boolean }> }) => Object.fromEntries(a.checks.map((c) => [c.id, c.ok]));

it('only the admin revokes, with a reason; the ledger records it and every public answer says revoked', async () => {
  const cert = await issued(`REVOKE-${Date.now()}`);
  const anon = h.t.app;
  const checkPdf = async () =>
    (await request(anon).post('/api/public/verify/check').set('Origin', TEST_ORIGIN).attach('file', cert.pdf, 'cert.pdf').expect(200)).body;
  const before = await checkPdf();
  expect(okOf(before)).toMatchObject({ seal: true, wholeDocument: true, issuer: true, verifiedIssuer: true, asIssued: true, notRevoked: true });
  expect(before.verdict).toBe('genuine');
  expect((await request(anon).post('/api/public/verify/pdf').set('Origin', TEST_ORIGIN).attach('file', cert.pdf, 'cert.pdf').expect(200)).body).toMatchObject({
    match: true,
    status: 'issued',
  });

  // a manager and a signer may not; the admin must say why
  expect((await revoke(cert.manager, cert.id, { reason: 'Lab result was wrong' })).status).toBe(403);
  expect((await revoke(await h.as('signer'), cert.id, { reason: 'Lab result was wrong' })).status).toBe(403);
  const admin = await h.as('admin');
  const noReason = await revoke(admin, cert.id, { reason: '  ' }).expect(400);
  expect(noReason.body.code).toBe('REASON_REQUIRED');
  // another company's admin does not find it
  expect((await revoke(await h.as('admin', h.other), cert.id, { reason: 'not mine' })).status).toBe(404);

  const res = await revoke(admin, cert.id, { reason: 'Lab result was wrong' }).expect(200);
  expect(res.body.approval.revocation).toMatchObject({
    reason: 'Lab result was wrong',
    by: expect.stringMatching(/\S/),
    at: expect.any(String),
    txId: expect.any(String),
  });
  expect((await revoke(admin, cert.id, { reason: 'again' })).body.code).toBe('ALREADY_REVOKED');

  // the ledger holds the revocation block, keyed by the certificate
  const block = await h.t.deps.adapters.ledger.findByKey(`certificate:${cert.id}:revocation`);
  expect(block).toMatchObject({ recordType: 'revocation', payload: { certificateId: cert.id, contentHash: cert.contentHash, reason: 'Lab result was wrong' } });

  // public: the status, the page and the file check
  const status = (await request(anon).get(`/api/public/verify/status?hash=${cert.contentHash}`).expect(200)).body;
  expect(status).toMatchObject({ status: 'revoked', revocation: { reason: 'Lab result was wrong', txId: block!.channelHeader.tx_id } });
  const page = (await request(anon).get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval;
  expect(page.revocation).toMatchObject({ reason: 'Lab result was wrong' });
  const after = await checkPdf();
  expect(okOf(after)).toMatchObject({ seal: true, asIssued: true, notRevoked: false });
  expect(after.checks.find((c: { id: string }) => c.id === 'notRevoked').detail).toMatch(/Lab result was wrong/);
  // genuine and revoked, with date and reason — not "does not match" (issue 26 item 10, issue 28 item 2)
  expect(after).toMatchObject({ verdict: 'revoked', revocation: { reason: 'Lab result was wrong', at: res.body.approval.revocation.at } });
  const pdfMatch = (await request(anon).post('/api/public/verify/pdf').set('Origin', TEST_ORIGIN).attach('file', cert.pdf, 'cert.pdf').expect(200)).body;
  expect(pdfMatch).toMatchObject({
    match: true,
    status: 'revoked',
    revocation: { reason: 'Lab result was wrong', at: res.body.approval.revocation.at, by: expect.stringMatching(/\S/) },
  });
  const pdfMatchVn = (
    await request(anon)
      .post(`/api/public/verify/pdf?hash=${cert.contentHash}&lang=vn`)
      .set('Origin', TEST_ORIGIN)
      .attach('file', cert.pdf, 'cert.pdf')
      .expect(200)
  ).body;
  expect(pdfMatchVn).toMatchObject({ match: true, status: 'revoked' });
  // the company's own detail view shows it too
  expect((await cert.manager.get(`/api/company/approval/${cert.id}`).expect(200)).body.approval.revocation).toMatchObject({ reason: 'Lab result was wrong' });
  // the Temporal UI shows every tenant's workflows: only the platform's operator gets the link, not a
  // company's admin (anyone who registers is one), nor anyone else (issue 26 item 8)
  const seen = (await admin.get(`/api/company/approval/${cert.id}`).expect(200)).body.approval;
  expect(seen.operatorUrl).toBeNull();
  expect(seen.can.revoke).toBe(false);
  expect((await cert.manager.get(`/api/company/approval/${cert.id}`).expect(200)).body.approval.operatorUrl).toBeNull();
  const byOperator = (await (await h.as('signer')).get(`/api/company/approval/${cert.id}`).expect(200)).body.approval;
  // the link opens the certificate's own workflow, by the readable id it was started with (issue 28 item 13)
  const { workflowId } = (await h.t.deps.stores.certificates.get(h.acme.companyId, cert.id))!.state;
  expect(workflowId).toMatch(/^certificate-/);
  expect(byOperator.operatorUrl).toBe(`${h.t.deps.config.temporalUiUrl}/namespaces/default/workflows/${workflowId}`);
});

it('refuses to revoke a certificate that is not issued', async () => {
  const manager = await h.as('manager');
  const draft = await manager
    .post('/api/company/approval/create')
    .send({
      approvalNumber: `DRAFT-${Date.now()}`,
      approvalName: 'Draft lot',
      approvalDoc: { _id: await h.farmRecord(h.acme) },
      supportDocs: [],
      approvalLevels: [{ group: 'Farm Data Signing', signers: [h.acme.users.signer.id], signatures: 1, deadline: daysFromNow(3) }],
      status: 'created',
    })
    .expect(201);
  const res = await revoke(await h.as('admin'), draft.body.approval._id, { reason: 'wrong' });
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'NOT_ISSUED' });
});
