import { execFile, execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTHeaderParameters } from 'jose';
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
const dir = mkdtempSync(path.join(tmpdir(), 'grain-vc-'));
const env: Record<string, string> = {};
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
  checks: { signature: boolean; x5c: boolean; status: boolean };
  revoked: boolean | null;
  errors: string[];
}

/** The registry verifier, in its own process (it trusts the test server's TLS certificate and nothing else of ours). */
async function verify(jwtOrUrl: string): Promise<Verdict> {
  let target = jwtOrUrl;
  if (!/^https:/.test(jwtOrUrl)) {
    target = path.join(dir, `c${Date.now()}${Math.random()}.jwt`);
    writeFileSync(target, jwtOrUrl);
  }
  const run = await promisify(execFile)(process.execPath, [path.join(root, 'scripts/verify-credential.mjs'), target], {
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
  for (let i = 0; i < 150; i++) {
    const res = await request(h.t.app).get(`/api/public/verify/credential?hash=${contentHash}`);
    if (res.status === 200) return { id: a._id as string, contentHash, vc: res.text, admin };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no credential');
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

  // revoked: the list's bit is set as the revocation answers
  await cert.admin.post(`/api/company/approval/${cert.id}/revoke`).send({ reason: 'Lab result was wrong' }).expect(200);
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
