import { createHash } from 'node:crypto';
import request from 'supertest';
import { samplePng } from '@grain/adapters/testing';
import { daysFromNow, useCertHarness } from './certificates.test-harness';
import type { Agent, SeededCompany } from '../testing/session';

/**
 * What a certificate's signers approve is bound by its bytes: the support documents and the farm
 * record's grain photo it holds are the exact versions it was signed over, whatever happens to the
 * company's document library or the farm record afterwards. Through the real app and a real worker.
 */
const h = useCertHarness({}, 240_000);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A small, valid PDF whose text makes its bytes differ. */
const pdfSaying = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
const binary = (req: request.Test) =>
  req.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
/** The bytes behind a path the API answered (`company/...`, under /api). */
async function bytesAt(agent: Agent, path: string): Promise<Buffer> {
  const res = await binary(agent.get(`/api/${path}`));
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body as Buffer;
}

async function uploadPhoto(agent: Agent, farmId: string, png: Buffer) {
  const res = await agent.post('/api/farmdata/verification/upload').field('farm_data_id', farmId).attach('file', png, 'grain.png').expect(200);
  expect(res.body['verification result'][0]).toMatchObject({ verified: true });
}

async function sign(company: SeededCompany, role: string, approvalId: string, levelId: string) {
  const agent = await h.as(role, company);
  const otp = await h.requestOtp(agent, levelId, company.users[role].email);
  return agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval: approvalId, otp }).expect(200);
}

describe('the evidence a certificate holds', () => {
  it('stays the bytes its signers approved when the document or the grain photo is replaced, before and after issue', async () => {
    const staff = await h.as('staff');
    const admin = await h.as('admin');
    const approved = pdfSaying('lab report: protein 11.5');
    const swapped = pdfSaying('lab report: protein 14.0');
    const doc = await staff
      .post('/api/company/document/create')
      .field('docType', 'report')
      .attach('file', approved, { filepath: 'lab.pdf' } as never)
      .expect(201);
    const docId = doc.body.documents.docId as string;
    const farmId = await h.farmRecord(h.acme, false);
    const photo = samplePng(400, 300, 3);
    await uploadPhoto(staff, farmId, photo);

    const sub = await admin
      .post('/api/company/approval/create')
      .send({
        approvalNumber: `EV-${Date.now()}`,
        approvalName: 'Wheat lot 12',
        priority: 'High',
        approvalDoc: { _id: farmId },
        supportDocs: [{ _id: docId }],
        approvalLevels: [
          { group: 'Farm Data Signing', signers: [h.acme.users.signer.id], signatures: 1, deadline: daysFromNow(3) },
          { group: 'Inspection Signing', signers: [h.acme.users.signer2.id], signatures: 1, deadline: daysFromNow(5) },
        ],
        status: 'signing',
      })
      .expect(201);
    const a = sub.body.approval;
    const l1 = await sign(h.acme, 'signer', a._id, a.approvalLevels[0]._id);
    expect(l1.body.approval.approvalLevels[0].signed).toEqual([h.acme.users.signer.id]);

    // anyone with editDocument posts a new file under the same document, and a new grain photo
    const upd = await staff.post(`/api/company/document/${docId}/update`).field('version', '1').attach('file', swapped, 'lab.pdf').expect(200);
    expect(upd.body.document.version).toBe(2);
    await uploadPhoto(staff, farmId, samplePng(400, 300, 7));

    // the certificate still holds, and serves, what level 1 signed
    const after = (await admin.get(`/api/company/approval/${a._id}`).expect(200)).body.approval;
    expect(after.contentHash).toBe(a.contentHash);
    const held = after.supportDocs[0];
    expect(sha(await bytesAt(admin, held.url ?? `company/document/${docId}`))).toBe(sha(approved));
    expect(held).toMatchObject({ _id: docId, version: 1, sha256: sha(approved) });
    expect(after.approvalDoc.photo).toMatchObject({ sha256: sha(photo) });
    expect(sha(await bytesAt(admin, after.approvalDoc.photo.url))).toBe(sha(photo));
    // a signer opens the same versions (the signer's own session)
    const signer2 = await h.as('signer2');
    expect(sha(await bytesAt(signer2, held.url))).toBe(sha(approved));
    expect(sha(await bytesAt(signer2, after.approvalDoc.photo.url))).toBe(sha(photo));
    // the held PDF, and only it, may be framed by our own pages (the sign dialog's preview); the library copy
    // and the held file asked for as a download stay unframeable
    const framing = async (path: string) => {
      const res = await binary(signer2.get(`/api/${path}`));
      return [res.headers['x-frame-options'], /frame-ancestors '(\w+)'/.exec(String(res.headers['content-security-policy']))?.[1]];
    };
    expect(await framing(held.url)).toEqual(['SAMEORIGIN', 'self']);
    expect(await framing(`${held.url}?download=1`)).toEqual(['DENY', 'none']);
    expect(await framing(`company/document/${docId}`)).toEqual(['DENY', 'none']);
    // the document library shows the document's newest version
    expect(sha(await bytesAt(staff, `company/document/${docId}`))).toBe(sha(swapped));

    // issued; a further edit of the document keeps the approved bytes
    const done = await sign(h.acme, 'signer2', a._id, a.approvalLevels[1]._id);
    expect(done.body.approval).toMatchObject({ status: 'done', contentHash: a.contentHash });
    await staff.post(`/api/company/document/${docId}/update`).field('version', '2').attach('file', pdfSaying('third'), 'lab.pdf').expect(200);
    expect(sha(await bytesAt(admin, held.url))).toBe(sha(approved));
    // the public record and the issued facts name the exact bytes of each document and of the photo
    const pub = await request(h.t.app).get(`/api/public/verify?hash=${a.contentHash}`).expect(200);
    expect(pub.body.approval.issued.supportDocuments).toEqual([expect.objectContaining({ name: 'lab', version: 1, sha256: sha(approved) })]);
    expect(pub.body.approval.issued.grain.photoSha256).toBe(sha(photo));

    // another company cannot read them through the certificate
    const rival = await h.as('admin', h.other);
    expect((await rival.get(`/api/${held.url}`)).status).toBe(404);
    expect((await rival.get(`/api/${after.approvalDoc.photo.url}`)).status).toBe(404);
  });
});
