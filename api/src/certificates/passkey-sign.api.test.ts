import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes, sign as ecSign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { encodeCBOR } from '@levischuck/tiny-cbor';
import { daysFromNow, useCertHarness } from './certificates.test-harness';
import { browserAgent, type Agent, type SeededCompany } from '../testing/session';

/**
 * A passkey signature is bound to what was shown: the challenge is the sha256 of a statement naming the
 * certificate, level, content hash and signer; it is issued and redeemed like a one-time code (same
 * binding, once), and the assertion is checked before the sign Update. Here a software authenticator
 * (a P-256 key, the WebAuthn assertion format) stands in for the device; the browser test uses
 * Chromium's virtual authenticator.
 */
const h = useCertHarness({}, 240_000);
const ORIGIN = 'http://127.0.0.1:3000'; // the test app's PUBLIC_URL
const RP_ID = '127.0.0.1';

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64url = (b: Buffer) => b.toString('base64url');

/** A passkey held in the test: its key pair, enrolled for `userId` through the store. */
interface SoftKey {
  credentialId: string;
  privateKey: KeyObject;
  publicKeyPem: string;
  counter: number;
}

async function enrol(company: SeededCompany, role: string): Promise<SoftKey> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const credentialId = b64url(randomBytes(16));
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
  await h.t.deps.stores.passkeys.add({
    userId: company.users[role].id,
    companyId: company.companyId,
    credentialId,
    publicKeyCose: b64url(Buffer.from(cose)),
    publicKeyPem,
    algorithm: 'ES256',
    counter: 0,
    transports: ['internal'],
    name: 'Test phone',
  });
  return { credentialId, privateKey, publicKeyPem, counter: 0 };
}

/** What the authenticator answers: authenticatorData || sha256(clientDataJSON) signed with the key. */
function assert(key: SoftKey, challenge: string, o: { origin?: string; credentialId?: string } = {}) {
  key.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authenticatorData = Buffer.concat([sha256(RP_ID), Buffer.from([0x05]), counter]); // UP | UV
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: o.origin ?? ORIGIN, crossOrigin: false }));
  const signature = ecSign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key.privateKey);
  const id = o.credentialId ?? key.credentialId;
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: { authenticatorData: b64url(authenticatorData), clientDataJSON: b64url(clientDataJSON), signature: b64url(signature) },
    clientExtensionResults: {},
  };
}

async function submitted(company: SeededCompany, levels: string[][]) {
  const admin = await h.as('admin', company);
  const sub = await admin
    .post('/api/company/approval/create')
    .send({
      approvalNumber: `PK-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      approvalName: 'Barley lot 9',
      priority: 'High',
      approvalDoc: { _id: await h.farmRecord(company) },
      supportDocs: [],
      approvalLevels: levels.map((roles, i) => ({
        group: `Level ${i + 1}`,
        signers: roles.map((r) => company.users[r].id),
        signatures: roles.length,
        deadline: daysFromNow(3 + i),
      })),
      status: 'signing',
    })
    .expect(201);
  return sub.body.approval as { _id: string; contentHash: string; approvalLevels: Array<{ _id: string }> };
}

async function challengeFor(agent: Agent, levelId: string, contentHash: string) {
  return agent.post(`/api/company/approvallevel/${levelId}/passkey`).send({ contentHash });
}

const signWith = (agent: Agent, levelId: string, approval: string, passkey: unknown) =>
  agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ approval, passkey });

/** Runs the steps of docs/verifying-a-certificate.md with the real openssl, over the stated values. */
function opensslCheck(p: { statement: string; authenticatorData: string; clientDataJSON: string; signature: string; publicKey: string }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'grain-passkey-'));
  try {
    const f = (n: string) => path.join(dir, n);
    const sh = (script: string) => {
      try {
        return execFileSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      } catch (e) {
        return `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`.trim();
      }
    };
    writeFileSync(f('passkey.json'), JSON.stringify(p));
    return {
      signature: sh(
        [
          'jq -r .publicKey passkey.json > passkey.pem',
          'jq -r .authenticatorData passkey.json | openssl base64 -d -A > authdata.bin',
          'jq -r .clientDataJSON passkey.json | openssl base64 -d -A > clientdata.json',
          'jq -r .signature passkey.json | openssl base64 -d -A > signature.der',
          'openssl dgst -sha256 -binary clientdata.json > clientdata.sha256',
          'cat authdata.bin clientdata.sha256 > signed.bin',
          'openssl dgst -sha256 -verify passkey.pem -signature signature.der signed.bin',
        ].join(' && '),
      ),
      challenge: sh('jq -r .challenge clientdata.json'),
      statementHash: sh("jq -j .statement passkey.json | openssl dgst -sha256 -binary | openssl base64 -A | tr '+/' '-_' | tr -d '='"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('signing with a passkey', () => {
  it('signs with the assertion over the statement of the content hash; no code, recorded and checkable with openssl', async () => {
    const key = await enrol(h.acme, 'signer');
    const signer = await h.as('signer');
    const a = await submitted(h.acme, [['signer'], ['signer2']]);
    const levelId = a.approvalLevels[0]._id;
    const [lastMail] = await h.t.mailbox.list({ limit: 1 });

    const ch = await challengeFor(signer, levelId, a.contentHash);
    expect(ch.status).toBe(200);
    const statement = JSON.parse(ch.body.statement);
    expect(statement).toMatchObject({ certificateId: a._id, level: 1, contentHash: a.contentHash, userId: h.acme.users.signer.id });
    expect(ch.body.options.challenge).toBe(b64url(sha256(ch.body.statement)));
    expect(ch.body.options.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);

    const signed = await signWith(signer, levelId, a._id, { challengeId: ch.body.challengeId, response: assert(key, ch.body.options.challenge) });
    expect([signed.status, signed.body.code]).toEqual([200, undefined]);
    const entry = signed.body.approval.approvalLevels[0].signedEntries[0];
    expect(entry).toMatchObject({ userId: h.acme.users.signer.id, contentHash: a.contentHash });
    expect(entry.digitalSignature).toBeUndefined();
    const p = entry.passkeySignature;
    expect(p).toMatchObject({ credentialId: key.credentialId, algorithm: 'ES256', statement: ch.body.statement, publicKey: key.publicKeyPem });
    // the workflow's commit redeemed the challenge as it redeems a code, and no code was mailed
    const row = await h.t.db.knex('certificate_otps').where({ id: ch.body.challengeId }).first();
    expect([row.kind, !!row.verified_at, !!row.redeemed_at]).toEqual(['passkey', true, true]);
    const mails = await h.t.mailbox.list({ to: h.acme.users.signer.email, afterId: lastMail?.id ?? 0, limit: 20 });
    expect(mails.filter((m) => /Signing code/.test(m.subject ?? ''))).toEqual([]);

    // anyone checks it without our code: the signature over authenticatorData || sha256(clientDataJSON),
    // whose challenge is the statement's sha256
    expect(opensslCheck(p)).toEqual({ signature: 'Verified OK', challenge: ch.body.options.challenge, statementHash: ch.body.options.challenge });
    expect(opensslCheck({ ...p, statement: p.statement.replace(a.contentHash, 'f'.repeat(64)) }).statementHash).not.toBe(ch.body.options.challenge);

    // and the public record states the same once it is issued
    const signer2 = await h.as('signer2');
    const otp = await h.requestOtp(signer2, a.approvalLevels[1]._id, h.acme.users.signer2.email);
    await signer2.post(`/api/company/approvallevel/${a.approvalLevels[1]._id}/sign`).send({ approval: a._id, otp }).expect(200);
    const pub = await request(h.t.app).get(`/api/public/verify?hash=${a.contentHash}`).expect(200);
    expect(pub.body.approval.approvalLevels[0].signed[0].passkeySignature).toEqual(p);
  });

  it('is bound to the content hash shown: a challenge for another hash, or an assertion over another statement, signs nothing', async () => {
    const key = await enrol(h.acme, 'signer3');
    const signer = await h.as('signer3');
    const a = await submitted(h.acme, [['signer3']]);
    const levelId = a.approvalLevels[0]._id;
    const stale = await challengeFor(signer, levelId, 'e'.repeat(64));
    expect([stale.status, stale.body.code]).toEqual([400, 'CONTENT_CHANGED_SINCE_SHOWN']);

    const ch = await challengeFor(signer, levelId, a.contentHash);
    const other = JSON.stringify({ ...JSON.parse(ch.body.statement), contentHash: 'f'.repeat(64) });
    const overOther = await signWith(signer, levelId, a._id, { challengeId: ch.body.challengeId, response: assert(key, b64url(sha256(other))) });
    expect([overOther.status, overOther.body.code]).toEqual([400, 'PASSKEY_ASSERTION_INVALID']);
    // an assertion from another origin over the right challenge is refused too
    const elsewhere = await signWith(signer, levelId, a._id, {
      challengeId: ch.body.challengeId,
      response: assert(key, ch.body.options.challenge, { origin: 'https://evil.example' }),
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'PASSKEY_ASSERTION_INVALID']);
    const now = (await signer.get(`/api/company/approval/${a._id}`).expect(200)).body.approval;
    expect(now.approvalLevels[0].signedEntries).toEqual([]);

    // the store's redeem holds the same binding as for a code: another content hash is CONTENT_CHANGED
    const ok = await challengeFor(signer, levelId, a.contentHash);
    const binding = { certificateId: a._id, level: 1, userId: h.acme.users.signer3.id };
    await expect(h.t.deps.stores.otps.redeem(ok.body.challengeId, { ...binding, contentHash: a.contentHash }, 'k1')).rejects.toMatchObject({
      code: 'OTP_INVALID',
    });
    await h.t.deps.stores.otps.markPasskeyVerified(ok.body.challengeId, binding);
    await expect(h.t.deps.stores.otps.redeem(ok.body.challengeId, { ...binding, contentHash: 'f'.repeat(64) }, 'k1')).rejects.toMatchObject({
      code: 'CONTENT_CHANGED',
    });
  });

  it("refuses a replayed assertion and another person's passkey or challenge", async () => {
    const mine = await enrol(h.acme, 'signer');
    const theirs = await enrol(h.acme, 'signer2');
    const signer = await h.as('signer');
    const signer2 = await h.as('signer2');
    const a = await submitted(h.acme, [['signer', 'signer2']]);
    const levelId = a.approvalLevels[0]._id;

    // signer2 answers their own challenge with signer's passkey: not theirs
    const ch2 = await challengeFor(signer2, levelId, a.contentHash);
    const notYours = await signWith(signer2, levelId, a._id, { challengeId: ch2.body.challengeId, response: assert(mine, ch2.body.options.challenge) });
    expect([notYours.status, notYours.body.code]).toEqual([400, 'PASSKEY_NOT_YOURS']);

    // signer signs
    const ch = await challengeFor(signer, levelId, a.contentHash);
    const body = { challengeId: ch.body.challengeId, response: assert(mine, ch.body.options.challenge) };
    await signWith(signer, levelId, a._id, body).expect(200);
    // the same assertion again: the challenge is spent
    const replay = await signWith(signer, levelId, a._id, body);
    expect([replay.status, replay.body.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    // signer2 takes signer's challenge and assertion: the challenge is bound to signer
    const stolen = await signWith(signer2, levelId, a._id, body);
    expect([stolen.status, stolen.body.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    // signer2 replays signer's old assertion on a fresh challenge of their own: another challenge
    const fresh = await challengeFor(signer2, levelId, a.contentHash);
    const reused = await signWith(signer2, levelId, a._id, { challengeId: fresh.body.challengeId, response: body.response });
    expect([reused.status, reused.body.code]).toEqual([400, 'PASSKEY_NOT_YOURS']);
    const now = (await signer.get(`/api/company/approval/${a._id}`).expect(200)).body.approval;
    expect(now.approvalLevels[0].signedEntries.map((e: { userId: string }) => e.userId)).toEqual([h.acme.users.signer.id]);

    // signer2 with their own passkey still signs
    const last = await challengeFor(signer2, levelId, a.contentHash);
    await signWith(signer2, levelId, a._id, { challengeId: last.body.challengeId, response: assert(theirs, last.body.options.challenge) }).expect(200);
  });

  it("answers another company's level as missing, and a signer without a passkey is told to use the code", async () => {
    const a = await submitted(h.acme, [['signer2']]);
    const levelId = a.approvalLevels[0]._id;
    const foreign = await challengeFor(await h.as('signer', h.other), levelId, a.contentHash);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    const b = await submitted(h.other, [['signer']]);
    const none = await challengeFor(await h.as('signer', h.other), b.approvalLevels[0]._id, b.contentHash);
    expect([none.status, none.body.code]).toEqual([400, 'PASSKEY_NOT_ENROLLED']);
    // not a signer of the level: the machine's rule refuses before any challenge is made
    await enrol(h.acme, 'signer3');
    const notSigner = await challengeFor(await h.as('signer3'), levelId, a.contentHash);
    expect([notSigner.status, notSigner.body.code]).toEqual([400, 'NOT_A_SIGNER']);
  });

  it('signs a signer in with their passkey, once per sign-in challenge; an assertion over another challenge signs nobody in', async () => {
    const key = await enrol(h.other, 'admin');
    const visitor = browserAgent(h.t.app);
    const opts = (await visitor.post('/api/auth/passkey/options').send({}).expect(200)).body.options;
    expect(opts.allowCredentials ?? []).toEqual([]); // the device names the account
    const response = assert(key, opts.challenge);
    const signedIn = await visitor.post('/api/auth/passkey').send({ response });
    expect([signedIn.status, signedIn.body.user?.email]).toEqual([200, h.other.users.admin.email]);
    expect((await visitor.get('/api/auth/current_user')).status).toBe(200);

    const again = await browserAgent(h.t.app).post('/api/auth/passkey').send({ response });
    expect([again.status, again.body.code]).toEqual([401, 'LOGIN_FAILED']);
    const made = await browserAgent(h.t.app)
      .post('/api/auth/passkey')
      .send({ response: assert(key, b64url(randomBytes(32))) });
    expect([made.status, made.body.code]).toEqual([401, 'LOGIN_FAILED']);
    // a fresh challenge answered from another origin
    const fresh = (await browserAgent(h.t.app).post('/api/auth/passkey/options').send({}).expect(200)).body.options;
    const elsewhere = await browserAgent(h.t.app)
      .post('/api/auth/passkey')
      .send({ response: assert(key, fresh.challenge, { origin: 'https://evil.example' }) });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'PASSKEY_ASSERTION_INVALID']);
  });

  it('bounds the sign-in prompts one address keeps open, without holding back anyone else', async () => {
    const ask = (ip: string) => browserAgent(h.t.app).post('/api/auth/passkey/options').set('X-Forwarded-For', ip).send({});
    for (let i = 0; i < 20; i++) expect((await ask('10.66.0.1')).status).toBe(200);
    const flooded = await ask('10.66.0.1');
    expect([flooded.status, flooded.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    // another address (a signer at the farm) still gets its prompt, and it signs in
    const key = await enrol(h.other, 'signer');
    const visitor = browserAgent(h.t.app).set('X-Forwarded-For', '10.66.0.2');
    const opts = (await visitor.post('/api/auth/passkey/options').send({}).expect(200)).body.options;
    const signedIn = await visitor.post('/api/auth/passkey').send({ response: assert(key, opts.challenge) });
    expect([signedIn.status, signedIn.body.user?.email]).toEqual([200, h.other.users.signer.email]);
  });
});
