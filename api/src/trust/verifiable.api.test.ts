import { execFile, execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTHeaderParameters } from 'jose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { addValidationData, sealPdf, validationDataOf } from '@grain/adapters';
import { transplantSeal } from '@grain/adapters/testing';
import { daysFromNow, useCertHarness } from '../certificates/certificates.test-harness';
import { TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * Verifiable by anyone (issue 31 items 1 and 2), checked by registry libraries we did not write, against
 * this server running on https: scripts/verify-credential.mjs (did-jwt-vc resolving the issuer's did:web
 * with web-did-resolver, the status list read with @digitalbazaar/vc-bitstring-status-list) accepts an
 * issued certificate's credential, refuses one whose key the DID document lacks, and sees a revocation at
 * once. The credential stays served, as signed at issue, after the company's CA is retired.
 */
const root = path.resolve(__dirname, '../../..');
const ALL_HOLD = { signature: true, x5c: true, status: true, pdf: true, pdfLtv: true, xml: true };
const dir = mkdtempSync(path.join(tmpdir(), 'grain-vc-'));
// the script makes about ten public look-ups a run, and the test runs it a dozen times within a minute
const env: Record<string, string> = { PUBLIC_VERIFY_PER_MINUTE: '10000' };
let port = 0;
let origin = '';

// a free port first: the public URL (and so every did:web) names it
beforeAll(async () => {
  port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  origin = `https://localhost:${port}`;
  env.PUBLIC_URL = origin;
});
const h = useCertHarness(env, 300_000);

let server: https.Server;
const caFile = path.join(dir, 'tls.pem');
beforeAll(async () => {
  const key = path.join(dir, 'tls.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      caFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  server = https.createServer({ key: readFileSync(key), cert: readFileSync(caFile) }, h.t.app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

interface Verdict {
  ok: boolean;
  checks: { signature: boolean; x5c: boolean; status: boolean; pdf?: boolean; pdfLtv?: boolean; xml?: boolean };
  revoked: boolean | null;
  errors: string[];
}

/** A file of the test's own, for the verifier to read. */
const saved = (content: string | Buffer, ext: string) => {
  const file = path.join(dir, `f${Date.now()}${Math.random()}.${ext}`);
  writeFileSync(file, content);
  return file;
};

/**
 * The registry verifier, in its own process (it trusts the test server's TLS certificate and nothing else of
 * ours). `files` checks files a buyer was sent (--pdf=, --credential=, --xml=) against the certificate's link.
 */
async function verify(jwtOrUrl: string, files: { pdf?: Buffer; credential?: string; xml?: string } = {}): Promise<Verdict> {
  let target = jwtOrUrl;
  if (!/^https:/.test(jwtOrUrl)) target = saved(jwtOrUrl, 'jwt');
  const extra = [
    ...(files.pdf ? [`--pdf=${saved(files.pdf, 'pdf')}`] : []),
    ...(files.credential ? [`--credential=${saved(files.credential, 'jwt')}`] : []),
    ...(files.xml ? [`--xml=${saved(files.xml, 'xml')}`] : []),
  ];
  const run = await promisify(execFile)(process.execPath, [path.join(root, 'scripts/verify-credential.mjs'), target, ...extra], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, NODE_OPTIONS: '' },
  }).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
  try {
    return JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as Verdict;
  } catch {
    throw new Error(`verifier said: ${run.stdout} ${run.stderr}`);
  }
}

/** A session whose Origin is the public URL's (this server's public URL is the https one). */
async function session(email: string): Promise<Agent> {
  // over the https server: the session cookie is Secure under an https public URL (TLS unchecked for the test's own calls)
  const agent = request.agent(server).disableTLSCerts().set('Origin', origin);
  await agent.post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
  return agent;
}

async function issue(company: SeededCompany, number: string) {
  const admin = await session(company.users.admin.email);
  const a = (
    await admin
      .post('/api/company/approval/create')
      .send({
        approvalNumber: number,
        approvalName: 'Wheat lot 31',
        approvalDoc: { _id: await h.farmRecord(company) },
        supportDocs: [],
        approvalLevels: [{ group: 'Farm Data Signing', signers: [company.users.signer.id], signatures: 1, deadline: daysFromNow(3) }],
        status: 'signing',
      })
      .expect(201)
  ).body.approval;
  const signer = await session(company.users.signer.email);
  const otp = await h.requestOtp(signer, a.approvalLevels[0]._id, company.users.signer.email);
  const done = await signer.post(`/api/company/approval/${a._id}/sign`).send({ otp }).expect(200);
  const contentHash = done.body.approval.contentHash as string;
  // issued: its credential is served, and its PDF (the credential is kept first; the read model shows the PDF
  // after it, and its file answers 409 until then)
  for (let i = 0; i < 150; i++) {
    const res = await request(h.t.app).get(`/api/public/verify/credential?hash=${contentHash}`);
    const pdf = res.status === 200 ? await request(h.t.app).head(`/api/public/verify/pdf-file?hash=${contentHash}`) : undefined;
    if (pdf?.status === 200) return { id: a._id as string, contentHash, vc: res.text, admin };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no credential and PDF');
}

it('a registry verifier resolves the did:web against this server and accepts the credential; revoking flips its status bit at once', async () => {
  const cert = await issue(h.acme, `VC-${Date.now()}`);
  const did = `did:web:localhost%3A${port}:companies:${h.acme.companyId}`;
  expect(decodeJwt(cert.vc)).toMatchObject({ iss: did, issuer: { id: did } });
  expect(decodeProtectedHeader(cert.vc).kid).toMatch(new RegExp(`^${did}#seal-[0-9a-f]{16}$`));

  const good = await verify(cert.vc);
  expect(good).toEqual({ ok: true, checks: { signature: true, x5c: true, status: true }, revoked: false, errors: [] });
  // by its address too, as a scanner would fetch it
  expect((await verify(`${origin}/api/public/verify/credential?hash=${cert.contentHash}`)).ok).toBe(true);

  // the same claims signed by a key the issuer's DID document does not hold: refused
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const forged = await new SignJWT(decodeJwt(cert.vc))
    .setProtectedHeader({ ...decodeProtectedHeader(cert.vc), alg: 'ES256' } as JWTHeaderParameters)
    .sign(privateKey);
  const refused = await verify(forged);
  expect(refused.ok).toBe(false);
  expect(refused.checks.signature).toBe(false);

  // the public page says where the list is, when it was signed and how long a verifier may keep a copy
  const page = async () => (await request(h.t.app).get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval.statusList;
  const entry = decodeJwt(cert.vc).credentialStatus as { statusListCredential: string; statusListIndex: string };
  const before = await page();
  expect(before).toEqual({
    url: entry.statusListCredential,
    index: Number(entry.statusListIndex),
    issuerDid: did,
    madeAt: expect.any(String),
    maxAgeSeconds: h.t.deps.config.statusListMaxAgeSeconds,
  });
  const list = await request(h.t.app).get(entry.statusListCredential.slice(origin.length)).expect(200);
  expect(list.headers['cache-control']).toBe(`public, max-age=${h.t.deps.config.statusListMaxAgeSeconds}`);

  // revoked: the list's bit is set as the revocation answers
  await cert.admin.post(`/api/company/approval/${cert.id}/revoke`).send({ reason: 'Lab result was wrong' }).expect(200);
  expect(Date.parse((await page()).madeAt)).toBeGreaterThan(Date.parse(before.madeAt));
  const after = await verify(cert.vc);
  expect(after).toMatchObject({ ok: false, checks: { signature: true, x5c: true, status: false }, revoked: true });
});

it('serves the credential as signed at issue after the company CA is retired (was SEAL_NOT_READY), and it still verifies', async () => {
  const cert = await issue(h.other, `VCR-${Date.now()}`);
  await h.t.deps.stores.companies.update(h.other.companyId, { name: 'Other Farms Renamed' });
  await h.t.deps.stores.signatures.retireStaleCompanyCa(h.other.companyId);
  // retired: no current CA or seal is left (so none to sign with; the old command answered SEAL_NOT_READY)
  expect((await h.t.deps.stores.signatures.companyCertificates(h.other.companyId)).map((x) => x.current)).toEqual([false]);
  const res = await request(h.t.app).get(`/api/public/verify/credential?hash=${cert.contentHash}`).expect(200);
  expect(res.text).toBe(cert.vc);
  expect((await verify(res.text)).ok).toBe(true);
});

it('one link answers the page, the PDF, the credential and the status by content negotiation or its RFC 9264 link set', async () => {
  const cert = await issue(h.acme, `VCL-${Date.now()}`);
  const link = `/c/${cert.contentHash}`;
  const get = (accept: string) => request(h.t.app).get(link).set('Accept', accept).redirects(0);
  const linksetHeader = `<${origin}${link}?linkType=all>; rel="linkset"; type="application/linkset+json"`;

  const page = await get('text/html,application/xhtml+xml;q=0.9,*/*;q=0.8').expect(303);
  expect(page.headers.location).toBe(`${origin}/views/verify?hash=${cert.contentHash}`);
  expect(page.headers.link).toBe(linksetHeader);
  expect(page.headers.vary).toMatch(/Accept/);

  const pdfAt = (await get('application/pdf').expect(303)).headers.location as string;
  const pdf = await request(h.t.app)
    .get(pdfAt.slice(origin.length))
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const recorded = (await request(h.t.app).get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval.pdfSha256;
  expect(
    createHash('sha256')
      .update(pdf.body as Buffer)
      .digest('hex'),
  ).toBe(recorded);

  const vcAt = (await get('application/vc+jwt').expect(303)).headers.location as string;
  expect((await request(h.t.app).get(vcAt.slice(origin.length)).expect(200)).text).toBe(cert.vc);
  // a client preferring the credential by q-value gets it
  expect((await get('text/html;q=0.5, application/vc+jwt').expect(303)).headers.location).toBe(vcAt);

  for (const res of [await get('application/linkset+json').expect(200), await request(h.t.app).get(`${link}?linkType=all`).expect(200)]) {
    expect(res.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const set = JSON.parse(res.text) as { linkset: Array<Record<string, Array<{ href: string; type: string }>> & { anchor: string }> };
    expect(set.linkset).toHaveLength(1);
    expect(set.linkset[0].anchor).toBe(`${origin}${link}`);
    const types = Object.entries(set.linkset[0])
      .filter(([k]) => k !== 'anchor')
      .flatMap(([, v]) => (v as Array<{ href: string; type: string }>).map((x) => [x.type, x.href]));
    expect(types).toEqual(
      expect.arrayContaining([
        ['text/html', `${origin}/views/verify?hash=${cert.contentHash}`],
        ['application/pdf', pdfAt],
        ['application/vc+jwt', vcAt],
        ['application/vc+jwt', (decodeJwt(cert.vc).credentialStatus as { statusListCredential: string }).statusListCredential],
      ]),
    );
  }
  // the whole certificate from its one link, with third-party tools only: the credential as above, the PDF by
  // pdfsig and by pdfsign's validator (timestamp, embedded revocation data) trusting the CA the issuer's DID
  // document names, the XML by xmllint against the SPS schema
  expect(await verify(`${origin}${link}`)).toEqual({ ok: true, checks: ALL_HOLD, revoked: false, errors: [] });
  // a link no certificate has, or one not issued: NOT_FOUND
  expect((await request(h.t.app).get(`/c/${'0'.repeat(64)}`)).status).toBe(404);
  expect((await request(h.t.app).get('/c/nothex')).status).toBe(404);
});

it('states the VC 2.0 structure in the credential and in its status list credential (ajv, draft-07)', async () => {
  const cert = await issue(h.acme, `VCS-${Date.now()}`);
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(path.join(__dirname, 'testdata/vc-2.0-structure.schema.json'), 'utf8')) as object);
  const claims = decodeJwt(cert.vc);
  const errorsOf = (c: unknown) => (validate(c) ? [] : validate.errors);
  expect(errorsOf(claims)).toEqual([]);
  expect(claims).toMatchObject({ credentialSchema: { id: expect.stringContaining('untp-dcc-schema-0.6.1.json') } });
  const listUrl = (claims.credentialStatus as { statusListCredential: string }).statusListCredential;
  const list = decodeJwt((await request(h.t.app).get(listUrl.slice(origin.length)).expect(200)).text);
  expect(errorsOf(list)).toEqual([]);
  // and the check can fail: a credential without its status, or with a VC 1.1 context, is refused
  expect(errorsOf({ ...claims, '@context': ['https://www.w3.org/2018/credentials/v1'] })).not.toEqual([]);
  expect(errorsOf({ ...claims, credentialStatus: { type: 'StatusList2021Entry' } })).not.toEqual([]);
});

it('conforms to the UNTP Digital Conformity Credential JSON Schema 0.6.1 (the published schema, ajv 2020-12)', async () => {
  const cert = await issue(h.acme, `UNTP-${Date.now()}`);
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  // uncefact/spec-untp at tag v0.6.1 (f6778df), data-models/untp-dcc/artefacts/untp-dcc-schema.json (testdata/README.md)
  const validate = ajv.compile(JSON.parse(readFileSync(path.join(__dirname, 'testdata/untp-dcc-schema-0.6.1.json'), 'utf8')) as object);
  const claims = decodeJwt(cert.vc);
  const errorsOf = (c: unknown) => (validate(c) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
  expect(errorsOf(claims)).toEqual([]);
  // the check can fail: without its issuer, or with a subject that is not an attestation, the schema refuses it
  expect(errorsOf({ ...claims, issuer: undefined })).not.toEqual([]);
  expect(errorsOf({ ...claims, type: ['VerifiableCredential'] })).not.toEqual([]);
});

/** A GET over the test app, its body as bytes. */
async function bytes(url: string): Promise<Buffer> {
  const res = await request(h.t.app)
    .get(url.startsWith(origin) ? url.slice(origin.length) : url)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return res.body as Buffer;
}

it('the one script refuses each forged or revoked variant: a forged PDF, a tampered credential, a tampered XML, a revoked certificate', async () => {
  const cert = await issue(h.acme, `VCF-${Date.now()}`);
  const link = `${origin}/c/${cert.contentHash}`;
  const pdf = await bytes(`/api/public/verify/pdf-file?hash=${cert.contentHash}`);
  const xml = (await bytes(`/api/public/verify/xml?hash=${cert.contentHash}`)).toString('utf8');
  // the genuine files, as a buyer was sent them: every check holds
  expect(await verify(link, { pdf, credential: cert.vc, xml })).toEqual({ ok: true, checks: ALL_HOLD, revoked: false, errors: [] });

  // a PDF with one byte of its sealed content changed: both PDF validators refuse it
  const flipped = Buffer.from(pdf);
  const at = flipped.indexOf('/MediaBox');
  flipped[at + 1] = 'm'.charCodeAt(0);
  const byteForged = await verify(link, { pdf: flipped });
  expect(byteForged).toMatchObject({ ok: false, checks: { signature: true, status: true, pdf: false, pdfLtv: false, xml: true } });
  // the genuine seal's CMS moved onto another PDF (issue 26's transplant forgery)
  const other = await PDFDocument.create();
  other.addPage([595, 842]).drawText('Grain quality certificate - forged', { x: 50, y: 780, size: 14, font: await other.embedFont(StandardFonts.Helvetica) });
  const transplanted = await verify(link, { pdf: await transplantSeal(pdf, Buffer.from(await other.save())) });
  expect(transplanted).toMatchObject({ ok: false, checks: { pdf: false, pdfLtv: false } });

  // the credential with one claim changed, its signature kept: refused
  const [head, body, sig] = cert.vc.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { credentialSubject: Record<string, unknown> };
  claims.credentialSubject = { ...claims.credentialSubject, name: 'Premium wheat, tampered' };
  const tampered = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
  expect(await verify(link, { credential: tampered })).toMatchObject({ ok: false, checks: { signature: false } });

  // the XML with a value changed (still schema-valid): not the certificate's; with an element renamed: not valid SPS
  const changedXml = xml.replace(/<ram:Name>([^<]*)<\/ram:Name>/, '<ram:Name>$1 (amended)</ram:Name>');
  expect(changedXml).not.toBe(xml);
  const changed = await verify(link, { xml: changedXml });
  expect(changed).toMatchObject({ ok: false, checks: { pdf: true, pdfLtv: true, xml: false } });
  expect(changed.errors.join(' ')).toMatch(/xml: .*not the XML the certificate's link serves/);
  const broken = await verify(link, {
    xml: xml.replace('<rsm:SPSExchangedDocument>', '<rsm:SPSExchangedDocumentX>').replace('</rsm:SPSExchangedDocument>', '</rsm:SPSExchangedDocumentX>'),
  });
  expect(broken).toMatchObject({ ok: false, checks: { xml: false } });
  expect(broken.errors.join(' ')).toMatch(/xml: xmllint/);

  // revoked: the status list refuses it, whatever the files say
  await cert.admin.post(`/api/company/approval/${cert.id}/revoke`).send({ reason: 'Sample mixed up' }).expect(200);
  expect(await verify(link)).toMatchObject({ ok: false, revoked: true, checks: { status: false, pdf: true, pdfLtv: true, xml: true } });
});

it('a seal certificate revoked after issue: what it sealed before stays valid, a PDF sealed with its key after is refused (upload check and the script)', async () => {
  const company = h.acme;
  const before = await issue(company, `SR-${Date.now()}`);
  const beforePdf = await bytes(`/api/public/verify/pdf-file?hash=${before.contentHash}`);
  // the key a thief took (the company finds out and revokes the seal)
  const stolen = (await h.t.deps.stores.signatures.existingCompanySeal(company.companyId, h.t.deps.config.caKeySecret))!;
  const sealFp = createHash('sha256')
    .update(Buffer.from(stolen.certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64'))
    .digest('hex');
  const identity = async (agent: Agent) => (await agent.get('/api/company/identity').expect(200)).body;
  const admin = await session(company.users.admin.email);
  expect((await identity(admin)).identity.sealFingerprint).toBe(sealFp);

  // who may revoke it: not a signer of the company (403), not another company's admin (as if it did not exist)
  const revokeAs = (agent: Agent, reason = 'The seal key was on a stolen laptop') => agent.post(`/api/company/identity/seal/${sealFp}/revoke`).send({ reason });
  expect((await revokeAs(await session(company.users.signer.email))).body.code).toBe('ACCESS_DENIED');
  const foreign = await revokeAs(await session(h.other.users.admin.email));
  expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
  const noReason = await revokeAs(admin, ' ');
  expect([noReason.status, noReason.body.code]).toEqual([400, 'REASON_REQUIRED']);
  expect((await identity(admin)).identity.sealFingerprint).toBe(sealFp);

  // a revocation takes effect from the start of its second (a CRL's precision): the earlier seal is a second older
  await new Promise((r) => setTimeout(r, 1100));
  const revoked = await revokeAs(admin).expect(200);
  const serial = new X509Certificate(stolen.certificatePem).serialNumber.toUpperCase();
  // the audit trail: who, when, why, which certificate
  expect(revoked.body.sealRevocations[0]).toEqual({
    serial,
    caFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    revokedAt: expect.any(String),
    reason: 'The seal key was on a stolen laptop',
    by: company.users.admin.email,
  });
  // the company seals with a new seal certificate from now on; the revoked one cannot be revoked twice
  expect(revoked.body.identity.sealFingerprint).toMatch(/^[0-9a-f]{64}$/);
  expect(revoked.body.identity.sealFingerprint).not.toBe(sealFp);
  expect((await revokeAs(admin)).status).toBe(404);
  const revokedAt = Date.parse(revoked.body.sealRevocations[0].revokedAt as string);

  // the CRL names it from then on (read by openssl)
  const crlUrl = `/api/trust/crl/${company.companyId}/${revoked.body.sealRevocations[0].caFingerprint}.crl`;
  const crlText = execFileSync('openssl', ['crl', '-inform', 'DER', '-noout', '-text', '-in', saved(await bytes(crlUrl), 'crl')], { encoding: 'utf8' });
  expect(crlText).toContain(`Serial Number: ${serial}`);

  // a PDF sealed with the stolen key now, dated by the server's TSA, with the CRL of before embedded as if nothing happened
  const doc = await PDFDocument.create();
  doc
    .addPage([595, 842])
    .drawText('Grain quality certificate - sealed with a revoked key', { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const oldCrls = (await validationDataOf(beforePdf))!.crls;
  const forgedSealed = await sealPdf(Buffer.from(await doc.save()), {
    privateKey: stolen.privateKey,
    certificatePem: stolen.certificatePem,
    chainPems: [stolen.caCertificatePem],
    name: 'Acme Grain',
    reason: 'Grain quality certificate issued',
    tsa: h.t.deps.adapters.tsa,
    crls: oldCrls,
  });
  const forged = await addValidationData(forgedSealed, {
    certificatePems: [stolen.certificatePem, stolen.caCertificatePem, ...(await h.t.deps.adapters.tsa.certificatePems())],
    crls: oldCrls,
  });

  // the verify page's upload check reads each seal's RFC 3161 time against the revocation
  const check = async (file: Buffer) =>
    (await request(h.t.app).post('/api/public/verify/check').set('Origin', origin).attach('file', file, 'certificate.pdf').expect(200)).body as {
      verdict: string;
      checks: Array<{ id: string; ok: boolean; detail?: string }>;
    };
  const line = (a: Awaited<ReturnType<typeof check>>, id: string) => a.checks.find((c) => c.id === id);
  const earlier = await check(beforePdf);
  expect(earlier.checks.filter((c) => !c.ok)).toEqual([]);
  expect(earlier.verdict).toBe('genuine');
  expect(line(earlier, 'sealTime')).toMatchObject({ ok: true });
  expect(Date.parse(line(earlier, 'sealTime')!.detail!.split(' ')[0])).toBeLessThan(revokedAt);
  const after = await check(forged);
  // the seal itself holds and names the company's (revoked) seal; only its time refutes it
  expect(line(after, 'seal')).toMatchObject({ ok: true });
  expect(line(after, 'sealTime')).toMatchObject({ ok: false, detail: expect.stringContaining(new Date(revokedAt).toISOString()) });
  expect(after.verdict).toBe('notGenuine');

  // the one script: the earlier certificate holds; the forged PDF, checked against it, is refused for its time
  const link = `${origin}/c/${before.contentHash}`;
  expect(await verify(link)).toEqual({ ok: true, checks: ALL_HOLD, revoked: false, errors: [] });
  const refused = await verify(link, { pdf: forged });
  expect(refused).toMatchObject({ ok: false, checks: { pdfLtv: false } });
  expect(refused.errors.join(' ')).toMatch(/sealed .* after its seal certificate was revoked/);

  // a certificate issued after the revocation is sealed by a new seal certificate, and holds
  const later = await issue(company, `SR2-${Date.now()}`);
  const laterPdf = await bytes(`/api/public/verify/pdf-file?hash=${later.contentHash}`);
  expect((await check(laterPdf)).verdict).toBe('genuine');
  expect((await identity(admin)).identity.sealFingerprint).toBe(revoked.body.identity.sealFingerprint);
  expect(await verify(`${origin}/c/${later.contentHash}`)).toEqual({ ok: true, checks: ALL_HOLD, revoked: false, errors: [] });
});
