/**
 * A certificate is done as soon as its last signature is recorded; its PDF follows (issue 29 item 3).
 * The real app and worker, the worker's real Chromium renderer behind a gate the test opens: in the
 * seconds before the PDF, the signer's answer, the detail page, the downloads and the public check all
 * answer clearly — done, PDF being prepared (409 PDF_PENDING / SEAL_NOT_READY with en and vn texts) —
 * and once the PDF is made every download answers it.
 */
import request from 'supertest';
import { gatedPdfRenderer, type GatedPdfRenderer } from '@grain/adapters/testing';
import { daysFromNow, pdfOf, useCertHarness } from './certificates.test-harness';

let gate: GatedPdfRenderer;
const h = useCertHarness({}, 180_000, {
  workerAdapters: (real) => {
    gate = gatedPdfRenderer(real.pdf);
    return { ...real, pdf: gate.renderer };
  },
});

const eventually = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
};

test('a done certificate whose PDF is still being made: done everywhere, its downloads answer 409 PDF being prepared, then the PDF', async () => {
  const manager = await h.as('manager');
  const signer = h.acme.users.signer;
  const body = {
    approvalNumber: `PENDING-${Date.now()}`,
    approvalName: 'Wheat lot 9',
    priority: 'High',
    approvalDoc: { _id: await h.farmRecord(h.acme) },
    supportDocs: [],
    approvalLevels: [{ group: 'Farm Data Signing', signers: [signer.id], signatures: 1, deadline: daysFromNow(3) }],
    status: 'signing',
  };
  const a = (await manager.post('/api/company/approval/create').send(body).expect(201)).body.approval;
  const levelId = a.approvalLevels[0]._id;
  const agent = await h.as('signer');
  const otp = await h.requestOtp(agent, levelId, signer.email);
  try {
    await whilePdfPending(a._id, levelId, otp);
  } finally {
    // however the checks above ended, the PDF is let through and made before the harness closes
    gate.open();
    await eventually(
      () => h.t.deps.stores.certificates.get(h.acme.companyId, a._id),
      (r) => !!r?.pdfKey,
    );
  }
  await afterPdf(a._id);
});

/** The last sign and everything a reader sees while the PDF waits at the gate. */
async function whilePdfPending(approvalId: string, levelId: string, otp: string) {
  const manager = await h.as('manager');
  const agent = await h.as('signer');
  const a = { _id: approvalId };
  // the last sign answers while the renderer waits at the gate
  const signed = await agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval: a._id, otp }).expect(200);
  expect(signed.body.approval.status).toBe('done');
  expect(gate.entered()).toBeLessThanOrEqual(1);

  // the detail: done with its signature, the PDF being prepared, no download offered yet
  const detail = (await manager.get(`/api/company/approval/${a._id}`).expect(200)).body.approval;
  expect(detail.status).toBe('done');
  expect(detail.approvalLevels[0]).toMatchObject({ status: 'done', signed: [h.acme.users.signer.id] });
  expect(detail.can).toMatchObject({ getCert: false, pdfPending: true });
  // the downloads: a clear 409 in the caller's language, never a 404 or a 500
  const pdf = await manager.get(`/api/company/approval/${a._id}?format=pdf`);
  expect([pdf.status, pdf.body.code]).toEqual([409, 'PDF_PENDING']);
  expect(pdf.body.invalidMsg).toMatch(/PDF is being prepared/);
  const vn = await manager.get(`/api/company/approval/${a._id}?format=pdf`).set('x-lang', 'vn');
  expect([vn.status, vn.body.invalidMsg]).toEqual([409, 'Chứng nhận đã được cấp; bản PDF đang được chuẩn bị. Vui lòng thử lại sau giây lát.']);
  const xml = await manager.get(`/api/company/approval/${a._id}/xml`);
  expect([xml.status, xml.body.code]).toEqual([409, 'PDF_PENDING']);
  const credential = await manager.get(`/api/company/approval/${a._id}/credential`);
  expect([credential.status, credential.body.code]).toEqual([409, 'SEAL_NOT_READY']);
  // revoking waits for the PDF and the credential whose status bit it flips
  const admin = await h.as('admin');
  const revoke = await admin.post(`/api/company/approval/${a._id}/revoke`).send({ reason: 'Lab result was wrong' });
  expect([revoke.status, revoke.body.code]).toEqual([409, 'PDF_PENDING']);
  expect(detail.can.revoke).toBe(false);
  // the public check by its hash: issued, its PDF's hash not yet there; the public PDF answers 409 too
  const anon = request(h.t.app);
  const verify = (await anon.get(`/api/public/verify?hash=${detail.contentHash}`).expect(200)).body.approval;
  expect(verify).toMatchObject({ status: 'done', pdfSha256: null });
  const publicPdf = await anon.get(`/api/public/verify/pdf-file?hash=${detail.contentHash}`);
  expect([publicPdf.status, publicPdf.body.code]).toEqual([409, 'PDF_PENDING']);
}

/** Once the PDF is made: every download answers it. */
async function afterPdf(approvalId: string) {
  const manager = await h.as('manager');
  const a = { _id: approvalId };
  const anon = request(h.t.app);
  const after = await eventually(
    async () => (await manager.get(`/api/company/approval/${a._id}`).expect(200)).body.approval,
    (x) => x.can.getCert === true,
  );
  expect(after.can).toMatchObject({ getCert: true, pdfPending: false });
  expect((await pdfOf(manager, a._id)).subarray(0, 4).toString()).toBe('%PDF');
  await manager.get(`/api/company/approval/${a._id}/xml`).expect(200);
  await eventually(
    async () => (await manager.get(`/api/company/approval/${a._id}/credential`)).status,
    (s) => s === 200,
  );
  expect((await anon.get(`/api/public/verify?hash=${after.contentHash}`).expect(200)).body.approval.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
}
