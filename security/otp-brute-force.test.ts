/**
 * OTP brute force: 10,000 guesses at a certificate level's one-time code. The first guesses go
 * through the real API (POST /api/company/approval/:id/sign over a real HTTP listener with
 * keep-alive) as the level's signer; the bulk goes straight to the verifying store (OtpStore.verify,
 * the very call the sign route makes), since 10,000 HTTP round trips on the in-memory database take
 * minutes here. The code locks after 5 wrong guesses; every later guess answers 429 OTP_LOCKED, even
 * the right code. 0 successes, and the certificate stays unsigned. A new code then signs normally:
 * the lock ends that code, not the signer.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { isAppError, OTP_MAX_ATTEMPTS } from '@grain/domain';
import { createStores } from '@grain/persistence';
import { TEST_ORIGIN, TEST_PASSWORD } from '../api/src/testing/session';
import { startWorld, type World } from './support/world';
import { listen } from '../api/src/http/listen';

jest.setTimeout(240_000);

const GUESSES = 10_000;
/** Guesses sent through HTTP; the rest go to the store. */
const API_GUESSES = 400;
const CONCURRENCY = 16;

let w: World;
let server: Server;
let base: string;
beforeAll(async () => {
  w = await startWorld();
  server = await listen(w.t.app, 0);
  // The keep-alive socket must outlive the store phase (the client reuses it afterwards).
  server.keepAliveTimeout = 300_000;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await w?.close();
});

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return /grain_sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

/** Asks for a code as the signer and reads it from the signer's mailbox (real SMTP on loopback). */
async function requestCode(cookie: string, levelId: string, email: string): Promise<string> {
  const [last] = await w.t.mailbox.list({ limit: 1 });
  const res = await fetch(`${base}/api/company/approvallevel/${levelId}/code`, {
    method: 'POST',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  for (let i = 0; i < 100; i++) {
    // not only the newest: a notice sent after the last answer may arrive after the code
    const m = (await w.t.mailbox.list({ to: email, limit: 20, afterId: last?.id ?? 0 })).find((x) => /Signing code/.test(x.subject ?? ''));
    const code = m ? /is (\d{6})\./.exec(m.text ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

it('refuses 10,000 guesses: locked after 5, 0 successes, then a new code signs', async () => {
  const signer = w.own.co.users.signer2;
  const certId = w.own.signingId;
  const cookie = await signIn(signer.email);
  const code = await requestCode(cookie, `${certId}-L1`, signer.email);
  const guess = (otp: string) =>
    fetch(`${base}/api/company/approval/${certId}/sign`, {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ otp }),
    }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }));

  // Distinct wrong codes, with the right code planted right after the lock and again at the end.
  const wrong = (i: number) => String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
  const guesses = Array.from({ length: GUESSES }, (_, i) => wrong(i));
  guesses[OTP_MAX_ATTEMPTS] = code;
  guesses[API_GUESSES - 1] = code;
  guesses[GUESSES - 1] = code;

  // The first five one by one: they count down, the fifth locks.
  const first = [];
  for (const g of guesses.slice(0, OTP_MAX_ATTEMPTS)) first.push(await guess(g));
  expect(first.map((r) => `${r.status} ${r.code}`)).toEqual([...Array(OTP_MAX_ATTEMPTS - 1).fill('400 OTP_INVALID'), '429 OTP_LOCKED']);

  let started = Date.now();
  const tally = new Map<string, number>();
  let next = OTP_MAX_ATTEMPTS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < API_GUESSES) {
        const r = await guess(guesses[next++]);
        tally.set(`${r.status} ${r.code}`, (tally.get(`${r.status} ${r.code}`) ?? 0) + 1);
      }
    }),
  );
  const apiMs = Date.now() - started;
  expect(Object.fromEntries(tally)).toEqual({ '429 OTP_LOCKED': API_GUESSES - OTP_MAX_ATTEMPTS });

  started = Date.now();
  const store = createStores(w.t.db.knex).otps;
  const direct = new Map<string, number>();
  for (const g of guesses.slice(API_GUESSES)) {
    const outcome = await store.verify({ certificateId: certId, level: 1, userId: signer.id }, g).then(
      () => 'ACCEPTED',
      (e) => (isAppError(e) ? e.code : String(e)),
    );
    direct.set(outcome, (direct.get(outcome) ?? 0) + 1);
  }
  console.log(
    `OTP brute force: ${API_GUESSES} guesses through the API in ${(apiMs / 1000).toFixed(1)} s, ${GUESSES - API_GUESSES} at the store in ${((Date.now() - started) / 1000).toFixed(1)} s; API answers ${JSON.stringify(Object.fromEntries(tally))}, store answers ${JSON.stringify(Object.fromEntries(direct))}`,
  );
  expect(Object.fromEntries(direct)).toEqual({ OTP_LOCKED: GUESSES - API_GUESSES });

  const k = w.t.db.knex;
  const row = await k('certificate_otps').where({ certificate_id: certId, user_id: signer.id }).orderBy('created_at', 'desc').first();
  expect(row).toMatchObject({ attempts: OTP_MAX_ATTEMPTS, verified_at: null, redeemed_at: null });
  const state = (await k('certificates').where({ id: certId }).first()).state;
  expect((typeof state === 'string' ? JSON.parse(state) : state).levels[0].signed).toEqual([]);

  // A fresh code is the way out of the lock, and it signs.
  const fresh = await requestCode(cookie, `${certId}-L1`, signer.email);
  const ok = await guess(fresh);
  expect(ok.status).toBe(200);
  const after = (await k('certificates').where({ id: certId }).first()).state;
  expect((typeof after === 'string' ? JSON.parse(after) : after).levels[0].signed.map((e: { userId: string }) => e.userId)).toEqual([signer.id]);
});
