import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { daysFromNow, useCertHarness } from './certificates.test-harness';
import type { Agent, SeededCompany } from '../testing/session';

/**
 * A personal digital signature is checkable by anyone, without our code: the approval and the public
 * record state the signature value, the signer's certificate and the company CA, and the real `openssl`
 * binary verifies the value over the stated bytes. It is verified when it is made, a re-issued key is a
 * new key (the old one keeps verifying its signatures), and re-issue takes the old password or an admin.
 */
const h = useCertHarness({}, 240_000);

interface DigitalSignature {
  keyId: string;
  algorithm: string;
  value: string;
  signedText: string;
  certificate: string;
  caCertificate: string;
}

/** Runs the steps docs/verifying-a-certificate.md gives, with the real openssl; answers its outputs. */
function opensslVerify(d: DigitalSignature, text = d.signedText): { chain: string; signature: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'grain-openssl-'));
  try {
    const f = (n: string) => path.join(dir, n);
    writeFileSync(f('signer.pem'), d.certificate);
    writeFileSync(f('ca.pem'), d.caCertificate);
    writeFileSync(f('signed.txt'), text); // the 64 hex characters, no newline
    writeFileSync(f('signature.der'), Buffer.from(d.value, 'base64'));
    const run = (...args: string[]) => {
      try {
        return execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      } catch (e) {
        return `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`.trim();
      }
    };
    const chain = run('verify', '-CAfile', 'ca.pem', 'signer.pem');
    run('x509', '-in', 'signer.pem', '-pubkey', '-noout', '-out', 'signer-key.pem');
    const signature = run('dgst', '-sha256', '-verify', 'signer-key.pem', '-signature', 'signature.der', 'signed.txt');
    return { chain, signature };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function issueKey(agent: Agent, password: string) {
  const res = await agent.post('/api/company/signature/create').send({ password, confirmPassword: password }).expect(201);
  return res.body.signature as { _id: string; guid: string; certificate: string };
}

async function submitted(company: SeededCompany, signerRoles: string[]) {
  const admin = await h.as('admin', company);
  const sub = await admin
    .post('/api/company/approval/create')
    .send({
      approvalNumber: `DS-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      approvalName: 'Wheat lot 21',
      priority: 'High',
      approvalDoc: { _id: await h.farmRecord(company) },
      supportDocs: [],
      approvalLevels: signerRoles.map((role, i) => ({
        group: `Level ${i + 1}`,
        signers: [company.users[role].id],
        signatures: 1,
        deadline: daysFromNow(3 + i),
      })),
      status: 'signing',
    })
    .expect(201);
  return sub.body.approval as { _id: string; approvalLevels: Array<{ _id: string }> };
}

async function signWithKey(
  company: SeededCompany,
  role: string,
  a: { _id: string; approvalLevels: Array<{ _id: string }> },
  level: number,
  signaturePassword: string,
) {
  const agent = await h.as(role, company);
  const levelId = a.approvalLevels[level - 1]._id;
  const otp = await h.requestOtp(agent, levelId, company.users[role].email);
  return agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval: a._id, otp, signaturePassword });
}

/** signWithKey, which must answer 200: the signed certificate. */
async function signedOk(...args: Parameters<typeof signWithKey>) {
  const res = await signWithKey(...args);
  if (res.status !== 200) throw new Error(`sign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.approval;
}

describe('a personal digital signature', () => {
  it('is stated with its certificate and the company CA, and openssl verifies it over the stated bytes', async () => {
    const signer = await h.as('signer');
    const key = await issueKey(signer, 'Sig#nature1');
    const a = await submitted(h.acme, ['signer', 'signer2']);
    const signed = await signWithKey(h.acme, 'signer', a, 1, 'Sig#nature1');
    expect(signed.status).toBe(200);
    const entry = signed.body.approval.approvalLevels[0].signedEntries[0];
    const d = entry.digitalSignature as DigitalSignature;
    expect(d).toMatchObject({ keyId: key.guid, algorithm: 'ECDSA-P256-SHA256', signedText: signed.body.approval.contentHash, certificate: key.certificate });
    const ca = (await signer.get('/api/company/signature/ca').expect(200)).body.certificate;
    expect(d.caCertificate).toBe(ca);
    expect(opensslVerify(d)).toEqual({ chain: 'signer.pem: OK', signature: 'Verified OK' });
    // other bytes do not verify
    expect(opensslVerify(d, 'f'.repeat(64)).signature).toMatch(/Verification failure/);

    // issued: the public record states the same, for anyone
    await signedOk(h.acme, 'signer2', a, 2, '');
    const pub = await request(h.t.app).get(`/api/public/verify?hash=${signed.body.approval.contentHash}`).expect(200);
    const stated = pub.body.approval.approvalLevels[0].signed[0].digitalSignature as DigitalSignature;
    expect(stated).toEqual(d);
    expect(opensslVerify(stated)).toEqual({ chain: 'signer.pem: OK', signature: 'Verified OK' });
    // published to anyone holding the hash: the certificate names the signer, not their mail address
    const subject = new X509Certificate(stated.certificate);
    expect([subject.subject, subject.subjectAltName ?? '']).toEqual([expect.stringContaining(`UID=${h.acme.users.signer.id}`), '']);
    expect(subject.subject).not.toMatch(/emailAddress|@/);
    // level 2's signer holds no key: a signature without a digital one says so by its absence
    expect(pub.body.approval.approvalLevels[1].signed[0].digitalSignature).toBeUndefined();
  });

  it('is a new key with a new id when re-issued, only with the old password or after an admin reset; old signatures keep verifying', async () => {
    const signer = await h.as('signer3');
    const first = await issueKey(signer, 'First#pass1');
    const a = await submitted(h.acme, ['signer3']);
    const before = await signedOk(h.acme, 'signer3', a, 1, 'First#pass1');
    const d1 = before.approvalLevels[0].signedEntries[0].digitalSignature as DigitalSignature;
    expect(d1.keyId).toBe(first.guid);

    // a second key is not made beside the first, nor over it without the old password
    expect((await signer.post('/api/company/signature/create').send({ password: 'Other#pass2' })).body.code).toBe('SIGNATURE_EXISTS');
    const noOld = await signer.post(`/api/company/signature/${first._id}/update`).send({ password: 'Second#pass2' });
    expect([noOld.status, noOld.body.code]).toEqual([400, 'SIGNATURE_PASSWORD_WRONG']);
    const wrongOld = await signer.post(`/api/company/signature/${first._id}/update`).send({ password: 'Second#pass2', oldPassword: 'Guess#pass9' });
    expect([wrongOld.status, wrongOld.body.code]).toEqual([400, 'SIGNATURE_PASSWORD_WRONG']);
    const second = (await signer.post(`/api/company/signature/${first._id}/update`).send({ password: 'Second#pass2', oldPassword: 'First#pass1' }).expect(200))
      .body.signature;
    expect(second._id).not.toBe(first._id);
    expect(second.guid).not.toBe(first.guid);
    expect(second.certificate).not.toBe(first.certificate);
    expect((await signer.get('/api/auth/current_user')).body.user.signature).toBe(second._id);
    // the retired key is not updated again
    expect((await signer.post(`/api/company/signature/${first._id}/update`).send({ password: 'Third#pass3', oldPassword: 'Second#pass2' })).status).toBe(404);

    // the earlier signature still names, and verifies against, the key it was made with
    const again = (await signer.get(`/api/company/approval/${a._id}`).expect(200)).body.approval.approvalLevels[0].signedEntries[0].digitalSignature;
    expect(again).toEqual(d1);
    expect(opensslVerify(again)).toEqual({ chain: 'signer.pem: OK', signature: 'Verified OK' });

    // forgotten password: only an admin of the company resets it; then a new key is made without it
    const other = await h.as('signer2');
    expect((await other.post(`/api/company/signature/${second._id}/reset`).send({})).status).toBe(403);
    expect((await (await h.as('admin', h.other)).post(`/api/company/signature/${second._id}/reset`).send({})).status).toBe(404);
    await (await h.as('admin')).post(`/api/company/signature/${second._id}/reset`).send({}).expect(200);
    expect((await signer.get('/api/company/signature')).body.signature).toBeNull();
    const third = await issueKey(signer, 'Third#pass3');
    expect([first._id, second._id]).not.toContain(third._id);
    const b = await submitted(h.acme, ['signer3']);
    const d3 = (await signedOk(h.acme, 'signer3', b, 1, 'Third#pass3')).approvalLevels[0].signedEntries[0].digitalSignature;
    expect(d3.keyId).toBe(third.guid);
    expect(opensslVerify(d3)).toEqual({ chain: 'signer.pem: OK', signature: 'Verified OK' });
  });

  it("is verified when it is made: a value that does not verify against the signer's certificate is refused, nothing signed", async () => {
    const signer = await h.as('signer', h.other);
    const key = await issueKey(signer, 'Sig#nature1');
    const a = await submitted(h.other, ['signer']);
    // the key's stored certificate no longer matches its private key (it is another key's: the company CA's)
    const stranger = await h.t.deps.stores.signatures.ensureCompanyCa({ id: h.other.companyId, name: 'Other Farms' });
    await h.t.db.knex('signatures').where({ id: key._id }).update({ certificate_pem: stranger.certificatePem });
    const refused = await signWithKey(h.other, 'signer', a, 1, 'Sig#nature1');
    expect([refused.status, refused.body.code]).toEqual([400, 'SIGNATURE_INVALID']);
    const now = (await signer.get(`/api/company/approval/${a._id}`).expect(200)).body.approval;
    expect(now.approvalLevels[0].signedEntries).toEqual([]);
  });
});
