/**
 * A buyer's check, run without our code, agrees with our public check (issue 26, "Done when"): a real
 * server (the demo company, verified), a certificate issued through its API and sealed on its
 * Chromium-rendered PDF, then every file — the genuine PDF and credential and each forgery built here —
 * judged twice: by poppler's `pdfsig` (the company CA trusted in an NSS database), `openssl` and `jose`,
 * exactly as docs/verifying-a-certificate.md tells a buyer, and by POST /api/public/verify/check.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, importJWK, importPKCS8, importX509, jwtVerify, SignJWT, type JWK } from 'jose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createStores, issueCertificate } from '@grain/persistence';
import { createVerifiedTestCompany } from '@grain/persistence/testing';
import { samplePng, transplantSeal } from '@grain/adapters/testing';
import { DEMO, lastMailId, signingCode } from './e2e-helpers';
import { startE2E, type E2E } from './harness';

jest.setTimeout(240_000);

let e: E2E;
const dir = mkdtempSync(path.join(tmpdir(), 'grain-buyer-'));
let n = 0;
const file = (data: Buffer | string, ext: string) => {
  const f = path.join(dir, `f${++n}.${ext}`);
  writeFileSync(f, data);
  return f;
};

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** A session of a demo user over plain HTTP (cookie and Origin as a browser sends them). */
async function session(who: { email: string; password: string }) {
  const res = await fetch(e.url('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: e.server.url },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`login ${who.email}: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const call = async (method: string, p: string, body?: unknown, form?: FormData) => {
    const r = await fetch(e.url(p), {
      method,
      headers: { Cookie: cookie, Origin: e.server.url, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    return { status: r.status, buffer: Buffer.from(await r.arrayBuffer()) };
  };
  return {
    json: async (method: string, p: string, body?: unknown, form?: FormData) => {
      const r = await call(method, p, body, form);
      return { status: r.status, body: JSON.parse(r.buffer.toString() || 'null') };
    },
    raw: call,
  };
}

/** A one-level certificate of the demo company: a farm record with a verified photo, submitted by the manager, signed by signer1. */
async function issueOne(): Promise<{ id: string; contentHash: string; pdf: Buffer }> {
  const manager = await session(DEMO.manager);
  const farm = await manager.json('POST', '/api/farmdata/harvesting/create', {
    grainType: 'Wheat',
    harvestGrade: 'APW',
    storageLocation: 'Silo 3, Junee',
    quantity: '860',
    protein: '11.8',
    moisture: '10.4',
    productionDate: new Date().toISOString().slice(0, 10),
  });
  expect(farm.status).toBe(201);
  const form = new FormData();
  form.append('farm_data_id', farm.body.farmData._id);
  form.append('file', new Blob([new Uint8Array(samplePng(640, 480, 77))], { type: 'image/png' }), 'grain.png');
  expect((await manager.json('POST', '/api/farmdata/verification/upload', undefined, form)).status).toBe(200);
  const info = (await manager.json('GET', '/api/company/approval/create')).body;
  const signer = info.signers.find((p: { email: string }) => p.email === DEMO.signer1.email);
  const created = await manager.json('POST', '/api/company/approval/create', {
    approvalNumber: `BUYER-${Date.now()}`,
    approvalName: 'Wheat APW lot 9',
    approvalDoc: { _id: farm.body.farmData._id },
    supportDocs: [],
    approvalLevels: [
      { group: 'Inspection Signing', signers: [signer._id], signatures: 1, deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
    ],
    status: 'signing',
  });
  expect(created.status).toBe(201);
  const a = created.body.approval;
  const signer1 = await session(DEMO.signer1);
  const before = await lastMailId(e, DEMO.signer1.email);
  // the code is asked for by POST (a GET changes nothing); it is mailed to the signer
  const asked = await signer1.json('POST', `/api/company/approvallevel/${a.approvalLevels[0]._id}/code`, {});
  expect([asked.status, typeof asked.body.expiresAt]).toEqual([200, 'string']);
  const otp = await signingCode(e, DEMO.signer1.email, before);
  const signed = await signer1.json('POST', `/api/company/approval/${a._id}/sign`, { otp, signaturePassword: DEMO.signer1.signaturePassword });
  expect(signed.body.approval?.status).toBe('done');
  for (let i = 0; i < 150; i++) {
    const pdf = await manager.raw('GET', `/api/company/approval/${a._id}?format=pdf`);
    if (pdf.status === 200) return { id: a._id, contentHash: signed.body.approval.contentHash, pdf: pdf.buffer };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no PDF');
}

/** Our public check of a file: whether it is the issued certificate (genuine, or genuine and revoked). */
async function ours(data: Buffer, name: string): Promise<{ genuine: boolean; checks: Record<string, boolean> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(e.url('/api/public/verify/check'), { method: 'POST', headers: { Origin: e.server.url }, body: form });
  const body = (await res.json()) as { verdict?: string; checks?: Array<{ id: string; ok: boolean }>; code?: string };
  if (res.status !== 200) return { genuine: false, checks: { [body.code ?? `HTTP ${res.status}`]: false } };
  return { genuine: body.verdict === 'genuine', checks: Object.fromEntries(body.checks!.map((c) => [c.id, c.ok])) };
}

/** The buyer's PDF check: pdfsig, with the company CA trusted (docs/verifying-a-certificate.md §2). */
function buyerPdf(pdf: Buffer, nssDir: string): { genuine: boolean; out: string } {
  let out: string;
  try {
    out = execFileSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file(pdf, 'pdf')], { encoding: 'utf8' });
  } catch (err) {
    out = `${(err as { stdout?: string }).stdout ?? ''}${(err as { stderr?: string }).stderr ?? ''}`;
  }
  const signatures = (out.match(/^Signature #\d+:/gm) ?? []).length;
  const genuine =
    signatures === 1 &&
    /Signature Validation: Signature is Valid\./.test(out) &&
    /Certificate Validation: Certificate is Trusted\./.test(out) &&
    // B-LT: the DSS is appended after the seal; the sealed revision (cut where the byte range ends) is whole
    (/- Total document signed/.test(out) || /- Total document signed/.test(pdfsigOf(signedRevision(pdf), nssDir)));
  return { genuine, out };
}

function pdfsigOf(pdf: Buffer, nssDir: string): string {
  try {
    return execFileSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file(pdf, 'pdf')], { encoding: 'utf8' });
  } catch (err) {
    return `${(err as { stdout?: string }).stdout ?? ''}${(err as { stderr?: string }).stderr ?? ''}`;
  }
}

/** The sealed revision of a B-LT PDF: its bytes up to the end of the signature's byte range (the DSS follows). */
function signedRevision(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text.slice(text.lastIndexOf('/ByteRange')));
  return m ? pdf.subarray(0, Number(m[3]) + Number(m[4])) : pdf;
}

/** The buyer's credential check: openssl verifies the x5c seal against the CA they trust, jose the signature (§3). */
async function buyerCredential(jwt: string, caPemFile: string): Promise<{ genuine: boolean; chain: boolean; signature: boolean }> {
  let x5c: string[];
  try {
    x5c = decodeProtectedHeader(jwt).x5c ?? [];
  } catch {
    return { genuine: false, chain: false, signature: false };
  }
  if (!x5c[0]) return { genuine: false, chain: false, signature: false };
  const sealPem = `-----BEGIN CERTIFICATE-----\n${x5c[0]}\n-----END CERTIFICATE-----\n`;
  let chain = false;
  try {
    chain = /: OK$/m.test(execFileSync('openssl', ['verify', '-CAfile', caPemFile, file(sealPem, 'pem')], { encoding: 'utf8', stdio: 'pipe' }));
  } catch {
    chain = false;
  }
  let signature = false;
  try {
    await jwtVerify(jwt, await importX509(sealPem, 'ES256'), { typ: 'vc+jwt', algorithms: ['ES256'] });
    signature = true;
  } catch {
    signature = false;
  }
  return { genuine: chain && signature, chain, signature };
}

interface DidDocument {
  id: string;
  verificationMethod: Array<{ id: string; publicKeyJwk: JWK }>;
  assertionMethod?: string[];
}

/**
 * The buyer's did:web check (docs/verifying-a-certificate.md, "With any DID / VC library"): the header's
 * `kid` names an assertion key of the issuer's DID document (the one the company publishes on its domain),
 * and the JWT verifies with that key, issued by that DID.
 */
async function buyerDid(jwt: string, did: DidDocument): Promise<boolean> {
  try {
    const { kid } = decodeProtectedHeader(jwt);
    const method = did.verificationMethod.find((m) => m.id === kid);
    if (!kid || !method || !did.assertionMethod?.includes(kid)) return false;
    await jwtVerify(jwt, await importJWK(method.publicKeyJwk, 'ES256'), { typ: 'vc+jwt', algorithms: ['ES256'], issuer: did.id });
    return true;
  } catch {
    return false;
  }
}

describe("a buyer's check without our code agrees with the public check", () => {
  it('on the genuine PDF and credential, and on each forgery', async () => {
    const cert = await issueOne();
    const vc = await (await fetch(e.url(`/api/public/verify/credential?hash=${cert.contentHash}`))).text();
    // signed once, at issue: fetched again it is the same credential, its kid a seal key of its did:web issuer
    expect(await (await fetch(e.url(`/api/public/verify/credential?hash=${cert.contentHash}`))).text()).toBe(vc);
    const iss = decodeJwt(vc).iss!;
    expect(iss).toMatch(/^did:web:/);
    expect(decodeProtectedHeader(vc).kid).toMatch(new RegExp(`^${iss.replace(/[.:]/g, '\\$&')}#seal-[0-9a-f]{16}$`));
    // the DID document the company publishes on its own domain (the demo company's website: its did:web)
    const didDoc = (await (await session(DEMO.manager)).json('GET', '/api/company/identity/did.json')).body as DidDocument;
    expect(didDoc.id).toBe(iss);
    const pems = await (await fetch(e.url(`/api/public/verify/ca?hash=${cert.contentHash}`))).text();
    const [caPem] = pems.split(/(?<=-----END CERTIFICATE-----)\n/);
    const caFile = file(caPem, 'pem');
    // the buyer compares the CA's fingerprint with the page's (and the company's own domain), then trusts it
    const page = (await (await fetch(e.url(`/api/public/verify?hash=${cert.contentHash}`))).json()) as {
      approval: { issuer: { caFingerprint: string; verifiedAt: string | null } };
    };
    expect(execFileSync('openssl', ['x509', '-in', caFile, '-noout', '-fingerprint', '-sha256'], { encoding: 'utf8' })).toContain(
      page.approval.issuer.caFingerprint,
    );
    expect(page.approval.issuer.verifiedAt).toEqual(expect.any(String));
    const nss = mkdtempSync(path.join(dir, 'nss-'));
    execFileSync('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    execFileSync('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'Riverina Grain Co CA', '-t', ',C,', '-i', caFile]);

    // --- PDFs: the genuine one, one byte changed, the genuine seal's CMS (signed bytes attached) in another PDF
    // one letter of the seal's stated reason (inside the signed bytes; the file still parses)
    const tampered = Buffer.from(cert.pdf);
    const at = tampered.indexOf('Grain quality certificate');
    expect(at).toBeGreaterThan(0);
    tampered[at] = 'g'.charCodeAt(0);
    const other = await PDFDocument.create();
    other
      .addPage([595, 842])
      .drawText('Certificate of Quality - Barley FEED 9,000 t', { x: 50, y: 780, size: 14, font: await other.embedFont(StandardFonts.Helvetica) });
    const transplanted = await transplantSeal(cert.pdf, Buffer.from(await other.save()));
    const pdfs: Array<[string, Buffer, boolean]> = [
      ['genuine PDF', cert.pdf, true],
      ['one byte changed', tampered, false],
      ['genuine CMS in another PDF', transplanted, false],
    ];
    for (const [name, pdf, expected] of pdfs) {
      const buyer = buyerPdf(pdf, nss);
      const check = await ours(pdf, 'c.pdf');
      expect([name, buyer.genuine, check.genuine]).toEqual([name, expected, expected]);
      // line by line where the two look at the same thing: the seal over the bytes
      expect([name, 'seal', check.checks.seal]).toEqual([name, 'seal', /Signature Validation: Signature is Valid\./.test(buyer.out)]);
    }

    // --- credentials: the genuine one, a changed claim, a self-made key copying the seal's subject, another company's genuine seal
    const [h64, p64, s64] = vc.split('.');
    const claims = decodeJwt(vc);
    const changed = `${h64}.${Buffer.from(JSON.stringify({ ...claims, credentialSubject: { ...(claims.credentialSubject as object), id: 'urn:forged' } })).toString('base64url')}.${s64}`;
    expect(p64).not.toBe(changed.split('.')[1]);
    const sealCert = new X509Certificate(Buffer.from(decodeProtectedHeader(vc).x5c![0], 'base64'));
    const attr = (k: string) =>
      sealCert.subject
        .split('\n')
        .find((l) => l.startsWith(`${k}=`))
        ?.slice(k.length + 1);
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const subject = { commonName: attr('CN')!, organization: attr('O'), serialNumber: attr('serialNumber'), country: attr('C'), userId: attr('UID') };
    const selfMade = issueCertificate({
      subject,
      subjectPublicKey: publicKey,
      issuer: subject,
      issuerPrivateKey: privateKey,
      issuerPublicKey: publicKey,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      isCa: false,
    });
    const selfSigned = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'vc+jwt', x5c: [new X509Certificate(selfMade.pem).raw.toString('base64')] })
      .sign(await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 'ES256'));
    const stores = createStores(e.server.db.knex);
    const rival = await createVerifiedTestCompany(stores, 'Riverina Grain Co Pty');
    const rivalSeal = await stores.signatures.companySeal(rival, e.server.config.caKeySecret);
    const rivalSigned = await new SignJWT(claims)
      .setProtectedHeader({
        alg: 'ES256',
        typ: 'vc+jwt',
        x5c: [new X509Certificate(rivalSeal.certificatePem).raw.toString('base64'), new X509Certificate(rivalSeal.caCertificatePem).raw.toString('base64')],
      })
      .sign(rivalSeal.privateKey);
    const credentials: Array<[string, string, boolean]> = [
      ['genuine credential', vc, true],
      ['one claim changed', changed, false],
      ["a self-made key copying the seal's subject", selfSigned, false],
      ["another company's genuine seal", rivalSigned, false],
    ];
    for (const [name, jwt, expected] of credentials) {
      const buyer = await buyerCredential(jwt, caFile);
      const check = await ours(Buffer.from(jwt), 'c.vc.jwt');
      expect([name, buyer.genuine, check.genuine]).toEqual([name, expected, expected]);
      expect([name, 'did:web', await buyerDid(jwt, didDoc)]).toEqual([name, 'did:web', expected]);
      // our seal line holds exactly when both the buyer's chain and signature steps hold
      expect([name, 'seal', check.checks.seal]).toEqual([name, 'seal', buyer.chain && buyer.signature]);
    }
  });
});
