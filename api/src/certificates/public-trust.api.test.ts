import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { decodeJwt, decodeProtectedHeader, importPKCS8, SignJWT } from 'jose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { message, verificationCode } from '@grain/domain';
import { issueCertificate } from '@grain/persistence';
import { createVerifiedTestCompany, testAbn } from '@grain/persistence/testing';
import { transplantSeal } from '@grain/adapters/testing';
import { daysFromNow, pdfOf, useCertHarness } from './certificates.test-harness';
import { createTestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * Trust round two, the public side (issue 26 items 6, 9, 10), through the real app, a real worker and
 * Chromium's PDF: who may issue, what the public checks pin, how a certificate is named, and the
 * throttle. The buyer-side agreement with pdfsig, openssl and jose is e2e/buyer-check.e2e.ts.
 */
const OPERATOR = 'ops@platform.test';
const h = useCertHarness({ PLATFORM_OPERATORS: OPERATOR, DID_WEB_INSECURE_HOSTS: '127.0.0.1' }, 300_000);
const anon = () => request(h.t.app);
const dir = mkdtempSync(path.join(tmpdir(), 'grain-trust-'));
let files = 0;
const tmp = (data: Buffer | string, ext: string) => {
  const f = path.join(dir, `f${++files}.${ext}`);
  writeFileSync(f, data);
  return f;
};

const draft = async (company: SeededCompany, number: string) => ({
  approvalNumber: number,
  approvalName: 'Wheat lot 21',
  approvalDoc: { _id: await h.farmRecord(company) },
  supportDocs: [],
  approvalLevels: [{ group: 'Farm Data Signing', signers: [company.users.signer.id], signatures: 1, deadline: daysFromNow(3) }],
  status: 'signing',
});

/** A one-level certificate of `company`, submitted by its admin and signed: issued. */
async function issue(company: SeededCompany, number: string) {
  const admin = await h.as('admin', company);
  const a = (
    await admin
      .post('/api/company/approval/create')
      .send(await draft(company, number))
      .expect(201)
  ).body.approval;
  const signer = await h.as('signer', company);
  const otp = await h.requestOtp(signer, a.approvalLevels[0]._id, company.users.signer.email);
  const done = await signer.post(`/api/company/approval/${a._id}/sign`).send({ otp }).expect(200);
  expect(done.body.approval.status).toBe('done');
  const contentHash = done.body.approval.contentHash as string;
  const pdf = await pdfOf(admin, a._id);
  const vc = (await anon().get(`/api/public/verify/credential?hash=${contentHash}`).expect(200)).text;
  return { id: a._id as string, number, contentHash, pdf, vc };
}

const check = (file: Buffer, name: string) => anon().post('/api/public/verify/check').set('Origin', TEST_ORIGIN).attach('file', file, name);
const okOf = (a: { checks: Array<{ id: string; ok: boolean }> }) => Object.fromEntries(a.checks.map((c) => [c.id, c.ok]));

let operator: Agent;
let acmeCert: Awaited<ReturnType<typeof issue>>;
beforeAll(async () => {
  await h.t.deps.stores.users.create({
    email: OPERATOR,
    passwordHash: (await h.t.deps.stores.users.byEmailWithHash(h.acme.users.admin.email))!.passwordHash,
    firstname: 'Pat',
    lastname: 'Ops',
    role: 'admin',
    companyId: null,
  });
  operator = await loginAs(h.t.app, OPERATOR, TEST_PASSWORD);
  acmeCert = await issue(h.acme, `TRUST-${Date.now()}`);
});

describe('the issuer is bound to a register outside this server (item 6)', () => {
  it('an unverified company cannot submit; the platform operator verifies its name and ABN (audited), and then it issues', async () => {
    const abn = testAbn();
    const co = await seedCompanyWithUsers(h.t.db.knex, 'Namesake Grain', ['admin', 'signer'], {}, { verified: false });
    await h.t.deps.stores.companies.update(co.companyId, { tfn: abn });
    const admin = await h.as('admin', co);
    const refused = await admin.post('/api/company/approval/create?lang=vn').send(await draft(co, `U-${Date.now()}`));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ISSUER_UNVERIFIED', invalidMsg: message('ISSUER_UNVERIFIED', 'vn') });
    expect((await admin.get('/api/company/identity').expect(200)).body.identity).toMatchObject({ verifiedAt: null, registrationScheme: 'ABN' });

    // the company's own admin is not the platform's operator
    expect((await admin.post(`/api/platform/company/${co.companyId}/verify`).send({ name: 'Namesake Grain', registration: abn })).status).toBe(403);
    // the operator confirms exactly what they checked in the register
    const wrong = await operator.post(`/api/platform/company/${co.companyId}/verify`).send({ name: 'Namesake Grain', registration: testAbn() });
    expect([wrong.status, wrong.body.code]).toEqual([409, 'IDENTITY_MISMATCH']);
    const ok = await operator
      .post(`/api/platform/company/${co.companyId}/verify`)
      .send({ name: 'Namesake Grain', registration: abn, note: 'ABR lookup' })
      .expect(200);
    expect(ok.body.company).toMatchObject({ verifiedBy: OPERATOR, registration: expect.stringMatching(/^ABN \d\d \d{3} \d{3} \d{3}$/) });
    expect(ok.body.events).toEqual([expect.objectContaining({ action: 'verified', by: OPERATOR, registration: abn, note: 'ABR lookup' })]);
    // no other company may be verified with the same number
    const twin = await seedCompanyWithUsers(h.t.db.knex, 'Namesake Grain Two', ['admin'], {}, { verified: false });
    await h.t.deps.stores.companies.update(twin.companyId, { tfn: abn });
    expect((await operator.post(`/api/platform/company/${twin.companyId}/verify`).send({ name: 'Namesake Grain Two', registration: abn })).body.code).toBe(
      'REGISTRATION_TAKEN',
    );

    const cert = await issue(co, `V-${Date.now()}`);
    const page = (await anon().get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval;
    expect(page.issuer).toMatchObject({
      name: 'Namesake Grain',
      registrationScheme: 'ABN',
      verifiedAt: expect.any(String),
      caFingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    });
    expect(page.issued.issuer.verifiedAt).toBe(page.issuer.verifiedAt);
    // the CA and the seal state the registration in serialNumber (2.5.4.5), as openssl reads it
    const pem = (await anon().get(`/api/public/verify/ca?hash=${cert.contentHash}`).expect(200)).text;
    const [caPem, sealPem] = pem.split(/(?<=-----END CERTIFICATE-----)\n/).filter((x) => x.trim());
    for (const p of [caPem, sealPem]) {
      const subject = execFileSync('openssl', ['x509', '-noout', '-subject', '-nameopt', 'oneline', '-in', tmp(p, 'pem')], { encoding: 'utf8' });
      expect(subject).toContain(`serialNumber = ${abn}`);
      expect(subject).toContain('C = AU');
    }
    expect(new X509Certificate(caPem).fingerprint256).toBe(page.issuer.caFingerprint);
    // the seal made at the operator's verification is the one that seals: it names the issuer's did:web and its CA's CRL
    expect(new X509Certificate(sealPem).subjectAltName).toMatch(new RegExp(`URI:did:web:[^,]*:companies:${co.companyId}`));
    const sealText = execFileSync('openssl', ['x509', '-noout', '-text', '-in', tmp(sealPem, 'pem')], { encoding: 'utf8' });
    expect(sealText).toMatch(/CRL Distribution Points:[\s\S]*\/api\/trust\/crl\//);
    // the operator's revocation lapses it: the next submit is refused again, the earlier certificate keeps what it stated at issue
    await operator.post(`/api/platform/company/${co.companyId}/revoke`).send({ note: 'registration cancelled' }).expect(200);
    expect((await admin.post('/api/company/approval/create').send(await draft(co, `U2-${Date.now()}`))).body.code).toBe('ISSUER_UNVERIFIED');
    expect((await anon().get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval.issuer.verifiedAt).toBe(page.issuer.verifiedAt);
  });

  it('reads the anchor the company publishes on its own domain (did:web) and says whether it names the CA that sealed the certificate', async () => {
    let published = '';
    const site = http.createServer((req, res) => {
      if (req.url === '/.well-known/did.json' && published) {
        res.setHeader('Content-Type', 'application/did+json');
        res.end(published);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    try {
      const port = (site.address() as AddressInfo).port;
      const co = await seedCompanyWithUsers(h.t.db.knex, 'Domain Grain', ['admin', 'signer']);
      await h.t.deps.stores.companies.update(co.companyId, { website: `http://127.0.0.1:${port}` });
      const cert = await issue(co, `D-${Date.now()}`);
      const admin = await h.as('admin', co);
      const mine = (await admin.get('/api/company/identity').expect(200)).body;
      expect(mine.identity.did).toBe(`did:web:127.0.0.1%3A${port}`);
      const anchor = () => anon().get(`/api/public/verify/anchor?hash=${cert.contentHash}`).expect(200);
      expect((await anchor()).body).toMatchObject({ did: mine.identity.did, status: 'unreachable' });
      // the company publishes the document it was given: it names its CA key
      published = JSON.stringify(mine.didDocument);
      h.t.deps.adapters.didWeb['cache'].clear();
      expect((await anchor()).body).toMatchObject({ status: 'matches', url: `http://127.0.0.1:${port}/.well-known/did.json` });
      // another key there (a look-alike tenant's CA) does not match
      const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const otherDoc = {
        ...mine.didDocument,
        verificationMethod: [
          { id: `${mine.identity.did}#ca`, type: 'JsonWebKey2020', controller: mine.identity.did, publicKeyJwk: publicKey.export({ format: 'jwk' }) },
        ],
      };
      published = JSON.stringify(otherDoc);
      h.t.deps.adapters.didWeb['cache'].clear();
      expect((await anchor()).body.status).toBe('mismatch');
    } finally {
      site.close();
    }
  });
});

describe('the issuer as issued (item 10)', () => {
  it('keeps the name, address and registration it had at issue on the public page and in the credential', async () => {
    const co = await seedCompanyWithUsers(h.t.db.knex, 'Frozen Grain', ['admin', 'signer']);
    const cert = await issue(co, `F-${Date.now()}`);
    const before = (await anon().get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval;
    await h.t.deps.stores.companies.update(co.companyId, { name: 'Renamed Grain', tfn: testAbn() });
    const after = (await anon().get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval;
    expect(after.company).toBe('Frozen Grain');
    expect(after.issued.issuer).toEqual(before.issued.issuer);
    expect(after.issuer).toEqual(before.issuer);
    const vc = decodeJwt((await anon().get(`/api/public/verify/credential?hash=${cert.contentHash}`).expect(200)).text) as {
      issuer: { name: string; issuerAlsoKnownAs?: Array<{ registeredId?: string }> };
    };
    // UNTP 0.6.1: the registration is the issuer's registeredId among the names it is also known by
    expect(vc.issuer.name).toBe('Frozen Grain');
    expect(vc.issuer.issuerAlsoKnownAs?.[0]?.registeredId).toBe(String(before.issuer.registration).replace(/\s+/g, ''));
  });
});

describe('a certificate is named by a secret its holder has (item 9)', () => {
  it('looks a number up only with the verification code printed on the certificate', async () => {
    const { number, contentHash, pdf } = acmeCert;
    const code = verificationCode(contentHash);
    // printed on the PDF, as poppler reads its text
    expect(execFileSync('pdftotext', [tmp(pdf, 'pdf'), '-'], { encoding: 'utf8' })).toContain(code);
    const bare = await anon().get(`/api/public/verify?number=${number}&lang=vn`);
    expect([bare.status, bare.body.code, bare.body.invalidMsg]).toEqual([400, 'VERIFY_CODE_REQUIRED', message('VERIFY_CODE_REQUIRED', 'vn')]);
    // the company id, printed on every certificate of the company, no longer names one
    expect((await anon().get(`/api/public/verify?number=${number}&company=${h.acme.companyId}`)).body.code).toBe('VERIFY_CODE_REQUIRED');
    const wrongCode = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect((await anon().get(`/api/public/verify?number=${number}&code=${wrongCode}`)).status).toBe(404);
    const found = await anon().get(`/api/public/verify?number=${number}&code=${code.toLowerCase()}`).expect(200);
    expect(found.body.approval.contentHash).toBe(contentHash);
    expect(found.body.approval.issued.verificationCode).toBe(code);
  });
});

describe('the public checks pin what they trust (items 2 and 10)', () => {
  it('calls the genuine PDF and credential genuine', async () => {
    const pdf = (await check(acmeCert.pdf, 'c.pdf').expect(200)).body;
    expect(okOf(pdf)).toEqual({
      seal: true,
      wholeDocument: true,
      issuer: true,
      verifiedIssuer: true,
      sealTime: true,
      asIssued: true,
      ledger: true,
      signers: true,
      notRevoked: true,
    });
    expect(pdf.verdict).toBe('genuine');
    const vc = (await check(Buffer.from(acmeCert.vc), 'c.vc.jwt').expect(200)).body;
    expect(okOf(vc)).toEqual({ seal: true, issuer: true, verifiedIssuer: true, content: true, ledger: true, signers: true, notRevoked: true });
  });

  it("refuses the genuine seal's CMS, with its signed bytes attached, placed in another PDF", async () => {
    const doc = await PDFDocument.create();
    doc
      .addPage([595, 842])
      .drawText('Certificate of Quality - Barley FEED 9,000 t', { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    const forged = await transplantSeal(acmeCert.pdf, Buffer.from(await doc.save()));
    const a = (await check(forged, 'forged.pdf').expect(200)).body;
    expect(okOf(a)).toMatchObject({ seal: false, wholeDocument: false, issuer: false, asIssued: false });
    expect(a.verdict).toBe('notGenuine');
  });

  it('answers a clear 400, not a 500, for a credential whose x5c is unreadable or not an EC P-256 key', async () => {
    const [h64, p64, s64] = acmeCert.vc.split('.');
    const withHeader = (header: object) => `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${p64}.${s64}`;
    const head = JSON.parse(Buffer.from(h64, 'base64url').toString());
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaPem = execFileSync(
      'openssl',
      ['req', '-x509', '-key', tmp(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 'key'), '-subj', '/CN=rsa', '-days', '1'],
      { encoding: 'utf8' },
    );
    for (const x5c of [['not base64 at all!'], [Buffer.from('garbage').toString('base64')], [new X509Certificate(rsaPem).raw.toString('base64')], 'x5c']) {
      const res = await check(Buffer.from(withHeader({ ...head, x5c })), 'c.vc.jwt');
      expect([res.status, res.body.code]).toEqual([400, 'CREDENTIAL_KEY_INVALID']);
    }
    const vn = await anon()
      .post('/api/public/verify/check?lang=vn')
      .set('Origin', TEST_ORIGIN)
      .attach('file', Buffer.from(withHeader({ ...head, x5c: ['AAAA'] })), 'c.vc.jwt');
    expect(vn.body.invalidMsg).toBe(message('CREDENTIAL_KEY_INVALID', 'vn'));
  });

  it("refuses a credential signed by a key of the holder's own making whose certificate copies the seal's subject", async () => {
    const genuineSeal = new X509Certificate(Buffer.from(decodeProtectedHeader(acmeCert.vc).x5c![0], 'base64'));
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const dn = (text: string, k: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(`${k}=`))
        ?.slice(k.length + 1);
    const subject = {
      commonName: dn(genuineSeal.subject, 'CN')!,
      organization: dn(genuineSeal.subject, 'O'),
      serialNumber: dn(genuineSeal.subject, 'serialNumber'),
      country: dn(genuineSeal.subject, 'C'),
      userId: dn(genuineSeal.subject, 'UID'),
    };
    const fake = issueCertificate({
      subject,
      subjectPublicKey: publicKey,
      issuer: subject,
      issuerPrivateKey: privateKey,
      issuerPublicKey: publicKey,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      isCa: false,
    });
    const payload = decodeJwt(acmeCert.vc);
    const jwt = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'vc+jwt', x5c: [new X509Certificate(fake.pem).raw.toString('base64')] })
      .sign(await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 'ES256'));
    const a = (await check(Buffer.from(jwt), 'c.vc.jwt').expect(200)).body;
    // before: "seal ✓" — the signature held with the key the file itself carried
    expect(okOf(a)).toMatchObject({ seal: false, issuer: false, verifiedIssuer: false, content: false });
    expect(a.verdict).toBe('notGenuine');
  });

  it("refuses a certificate's credential signed with another company's genuine seal", async () => {
    // another tenant's seal (its key as the server holds it): a genuine seal, but not of this certificate's company
    const rival = await createVerifiedTestCompany(h.t.deps.stores, 'Rival Seal Co');
    const seal = await h.t.deps.stores.signatures.companySeal(rival, h.t.deps.config.caKeySecret);
    const jwt = await new SignJWT(decodeJwt(acmeCert.vc))
      .setProtectedHeader({
        alg: 'ES256',
        typ: 'vc+jwt',
        x5c: [new X509Certificate(seal.certificatePem).raw.toString('base64'), new X509Certificate(seal.caCertificatePem).raw.toString('base64')],
      })
      .sign(seal.privateKey);
    const a = (await check(Buffer.from(jwt), 'c.vc.jwt').expect(200)).body;
    // before: seal ✓, issuer ✓ (the rival's CA did issue the rival's seal), content ✓ — all green
    expect(okOf(a)).toMatchObject({ seal: false, issuer: false, verifiedIssuer: false });
    expect(a.verdict).toBe('notGenuine');
  });
});

describe('public endpoints are throttled per address (item 9)', () => {
  it('answers 429 with Retry-After and a message in en and vn past the limit, per address', async () => {
    const t = await createTestApp({ PUBLIC_VERIFY_PER_MINUTE: '3', PUBLIC_CHECK_PER_MINUTE: '2' });
    try {
      const hash = 'a'.repeat(64);
      const from = (ip: string) => request(t.app).get(`/api/public/verify?hash=${hash}&lang=vn`).set('X-Forwarded-For', ip);
      // a minute boundary between the requests would reset the count: start just after one
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
      for (let i = 0; i < 3; i++) expect((await from('198.51.100.7')).status).toBe(404);
      const fourth = await from('198.51.100.7');
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ code: 'PUBLIC_THROTTLED', invalidMsg: message('PUBLIC_THROTTLED', 'vn') });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
      const en = await request(t.app).get(`/api/public/verify?hash=${hash}`).set('X-Forwarded-For', '198.51.100.7');
      expect(en.body.invalidMsg).toBe(message('PUBLIC_THROTTLED', 'en'));
      // another address is not held back
      expect((await from('198.51.100.8')).status).toBe(404);
      // file checks have their own, lower limit
      const upload = () =>
        request(t.app)
          .post('/api/public/verify/check')
          .set('Origin', TEST_ORIGIN)
          .set('X-Forwarded-For', '198.51.100.9')
          .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf');
      expect((await upload()).status).toBe(200);
      expect((await upload()).status).toBe(200);
      expect((await upload()).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
