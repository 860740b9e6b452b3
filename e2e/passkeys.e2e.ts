/// <reference lib="dom" />
/**
 * One tap to sign, bound to the content (issue 28 item 4), in real Chromium with its virtual
 * authenticator (CDP WebAuthn: user verified, presence simulated — a fingerprint that always matches):
 * - Liam enrols a passkey on his Digital Signature page, then signs from the mail's "Review and sign"
 *   with the platform's prompt, signed in and not signed in (a passkey sign-in first); no code mailed;
 * - Mia, with no passkey, signs with the e-mailed code (the fallback) and is offered a passkey after;
 * - refused, and nothing signed: another person's passkey, a replayed assertion, an assertion over
 *   another content hash.
 * Taps and seconds from the mail's button to "Signed" are measured at phone width (390×844) and printed.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { startE2E, type E2E } from './harness';
import { DEMO, byId, createFarmRecord, flow, lastMailId, mailAfter, screenshot, signIn, signingCode, step, verifyGrainImage, type Login } from './e2e-helpers';

jest.setTimeout(300_000);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

interface Phone {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A page in its own browser context at phone width, with a platform authenticator that verifies its user. */
async function phoneWithAuthenticator(): Promise<Phone> {
  const page = await (await e.browser.createBrowserContext()).newPage();
  page.setDefaultTimeout(20_000);
  await page.setViewport(PHONE);
  const cdp = await page.createCDPSession();
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

/** Signs in with e-mail and password, staying at phone width. */
async function signInPhone(p: Page, who: Login) {
  await signIn(e, p, who);
  await p.setViewport(PHONE);
}

async function signerIds(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const info = (await (await fetch('/api/company/approval/create')).json()) as { signers: Array<{ _id: string; email: string }> };
    return Object.fromEntries(info.signers.map((s) => [s.email, s._id]));
  });
}

/** A one-level certificate for `signers` (all must sign), submitted through the API by the manager of `page`. */
async function submit(page: Page, name: string, signers: string[]): Promise<{ id: string; levelId: string; contentHash: string }> {
  const farm = await createFarmRecord(page);
  expect(await verifyGrainImage(page, farm.id)).toBe(true);
  const ids = await signerIds(page);
  return page.evaluate(
    async (farmId, people, approvalName) => {
      const info = (await (await fetch('/api/company/approval/create')).json()) as { approvalNumber: string };
      const res = await fetch('/api/company/approval/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          approvalNumber: info.approvalNumber,
          approvalName,
          approvalDoc: { _id: farmId },
          supportDocs: [],
          approvalLevels: [
            {
              group: 'Farm Data Signing',
              signers: people,
              signatures: people.length,
              deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
            },
          ],
          status: 'signing',
        }),
      });
      const body = (await res.json()) as { approval: { _id: string; contentHash: string; approvalLevels: Array<{ _id: string }> } };
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
      return { id: body.approval._id, levelId: body.approval.approvalLevels[0]._id, contentHash: body.approval.contentHash };
    },
    farm.id,
    signers.map((s) => ids[s]),
    name,
  );
}

/** The "Review and sign" address of the newest mail to `to` about certificate `id`. */
async function reviewAndSign(to: string, after: number, id: string): Promise<string> {
  const mail = await mailAfter(e, to, after, new RegExp(`Review and sign: \\S+id=${id}&sign=1`));
  // the mail names PUBLIC_URL (port 0 here: the test server's port is any free one); the same path on this server
  const u = new URL(/Review and sign: (https?:\/\/\S+)/.exec(mail.text ?? '')![1]);
  return e.url(`${u.pathname}${u.search}`);
}

/** How long `f` took, in ms: a screenshot inside a measured span is the test's time, not the signer's. */
async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = Date.now();
  await f();
  return Date.now() - t0;
}

/** Counts the taps (pointer presses) made on the page from now on. */
async function countTaps(p: Page) {
  await p.evaluate(() => {
    const w = window as unknown as { __taps: number };
    w.__taps = 0;
    document.addEventListener('pointerdown', () => (w.__taps += 1), true);
  });
}
const tapsSoFar = (p: Page) => p.evaluate(() => (window as unknown as { __taps?: number }).__taps ?? 0);

/** Taps an element as a finger would (puppeteer's tap sends touch and pointer events). */
async function tap(p: Page, testId: string, counter: { taps: number }) {
  const el = await p.waitForSelector(byId(testId), { visible: true });
  await el!.tap();
  counter.taps += 1;
}

const entriesOf = (p: Page, id: string) =>
  p.evaluate(async (certId) => {
    const r = await fetch(`/api/company/approval/${certId}`);
    const a = (await r.json()) as {
      approval: { approvalLevels: Array<{ signedEntries: Array<{ name: string; passkeySignature?: { statement: string }; digitalSignature?: unknown }> }> };
    };
    return a.approval.approvalLevels[0].signedEntries;
  }, id);

const measured: string[] = [];
afterAll(() => {
  if (measured.length) console.log(`Taps and seconds from the mail's button to "Signed" (phone 390×844):\n${measured.join('\n')}`);
});

describe('a passkey', () => {
  let liam: Phone;
  let manager: Page;

  it('is enrolled once on the Digital Signature page, then signs from the mail with one tap (signed in) and a sign-in tap (not signed in)', async () => {
    await flow(e, 'passkey-sign', async () => {
      step('the manager is signed in to submit certificates');
      manager = await (await e.browser.createBrowserContext()).newPage();
      await signIn(e, manager, DEMO.manager);

      step('Liam enrols a passkey on his Digital Signature page');
      liam = await phoneWithAuthenticator();
      await signInPhone(liam.page, DEMO.signer1);
      await liam.page.goto(e.url('/views/signature/detail'));
      await liam.page.waitForSelector(byId('passkeys-none'));
      await liam.page.click(byId('passkey-add'));
      await liam.page.waitForSelector(byId('passkey-item'));
      const { credentials } = await liam.cdp.send('WebAuthn.getCredentials', { authenticatorId: liam.authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);
      await screenshot(liam.page, 'passkey-01-enrolled-phone');

      step('signed in: from the mail button to Signed');
      const before = await lastMailId(e, DEMO.signer1.email);
      const a = await submit(manager, 'Wheat lot 31', [DEMO.signer1.email]);
      const link = await reviewAndSign(DEMO.signer1.email, before, a.id);
      const counter = { taps: 1 }; // the mail's button
      const t0 = Date.now();
      await liam.page.goto(link);
      await countTaps(liam.page);
      await liam.page.waitForSelector(byId('sign-passkey-explained'), { visible: true });
      const shot = await timed(() => screenshot(liam.page, 'passkey-02-sign-dialog-phone'));
      await tap(liam.page, 'sign-now', counter);
      await liam.page.waitForFunction(() => document.querySelector('[data-testid="toast"]')?.textContent === 'Signed');
      const seconds = (Date.now() - t0 - shot) / 1000;
      expect(await tapsSoFar(liam.page)).toBe(counter.taps - 1);
      measured.push(`passkey, signed in: ${counter.taps} taps + the fingerprint, ${seconds.toFixed(1)} s`);
      await screenshot(liam.page, 'passkey-03-signed-phone');
      const [entry] = await entriesOf(liam.page, a.id);
      expect(JSON.parse(entry.passkeySignature!.statement)).toMatchObject({ certificateId: a.id, level: 1, contentHash: a.contentHash });
      expect(entry.digitalSignature).toBeUndefined();
      // no code was mailed: the passkey was the only secret
      expect((await e.mails(DEMO.signer1.email, before)).filter((m) => /^Signing code/.test(m.subject ?? ''))).toEqual([]);

      step('not signed in: the mail button, a passkey sign-in, then Sign');
      await liam.page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
      const before2 = await lastMailId(e, DEMO.signer1.email);
      const b = await submit(manager, 'Barley lot 32', [DEMO.signer1.email]);
      const link2 = await reviewAndSign(DEMO.signer1.email, before2, b.id);
      const counter2 = { taps: 1 };
      const t1 = Date.now();
      await liam.page.goto(link2);
      await liam.page.waitForSelector(byId('login-passkey'), { visible: true });
      const shot2 = await timed(() => screenshot(liam.page, 'passkey-04-login-phone'));
      await tap(liam.page, 'login-passkey', counter2);
      await liam.page.waitForSelector(byId('sign-passkey-explained'), { visible: true });
      await tap(liam.page, 'sign-now', counter2);
      await liam.page.waitForFunction(() => document.querySelector('[data-testid="toast"]')?.textContent === 'Signed');
      const seconds2 = (Date.now() - t1 - shot2) / 1000;
      measured.push(`passkey, not signed in: ${counter2.taps} taps + 2 fingerprints, ${seconds2.toFixed(1)} s`);
      const [entry2] = await entriesOf(liam.page, b.id);
      expect(JSON.parse(entry2.passkeySignature!.statement)).toMatchObject({ certificateId: b.id, contentHash: b.contentHash });
      expect((await e.mails(DEMO.signer1.email, before2)).filter((m) => /^Signing code/.test(m.subject ?? ''))).toEqual([]);
    });
  });

  it('is not needed: the e-mailed code still signs (the fallback), and a passkey is offered after', async () => {
    await flow(e, 'code-sign', async () => {
      const mia = await phoneWithAuthenticator();
      const before = await lastMailId(e, DEMO.signer2.email);
      const a = await submit(manager, 'Canola lot 33', [DEMO.signer2.email]);
      const link = await reviewAndSign(DEMO.signer2.email, before, a.id);
      const counter = { taps: 1 };
      const t0 = Date.now();
      step('the mail button: the login page; e-mail and password');
      await mia.page.goto(link);
      await tap(mia.page, 'input-email', counter);
      await mia.page.type(byId('input-email'), DEMO.signer2.email);
      await tap(mia.page, 'input-password', counter);
      await mia.page.type(byId('input-password'), DEMO.signer2.password);
      await tap(mia.page, 'login-submit', counter);
      step('the code from the mail and the signature password');
      await mia.page.waitForSelector(byId('sign-otp'), { visible: true });
      const code = await signingCode(e, DEMO.signer2.email, before);
      counter.taps += 1; // over to the mail and back
      await tap(mia.page, 'sign-otp', counter);
      await mia.page.type(byId('sign-otp'), code);
      await tap(mia.page, 'sign-password', counter);
      await mia.page.type(byId('sign-password'), DEMO.signer2.signaturePassword!);
      await tap(mia.page, 'sign-now', counter);
      await mia.page.waitForFunction(() => document.querySelector('[data-testid="toast"]')?.textContent === 'Signed');
      const seconds = (Date.now() - t0) / 1000;
      measured.push(
        `code only, not signed in: ${counter.taps} taps and 3 secrets typed (password, code, signature password), ${seconds.toFixed(1)} s of machine time`,
      );
      const [entry] = await entriesOf(mia.page, a.id);
      expect(entry.passkeySignature).toBeUndefined();
      expect(entry.digitalSignature).toBeDefined();

      step('offered a passkey after the code sign; she adds one');
      await mia.page.waitForSelector(byId('passkey-offer'), { visible: true });
      await screenshot(mia.page, 'passkey-05-offer-phone');
      await mia.page.click(byId('passkey-offer-add'));
      await mia.page.waitForSelector(byId('passkey-offer'), { hidden: true });
      const list = await mia.page.evaluate(async () => ((await (await fetch('/api/company/passkeys')).json()) as { passkeys: unknown[] }).passkeys.length);
      expect(list).toBe(1);
      await mia.page.close();
    });
  });

  it("is refused, nothing signed, for another person's passkey, a replayed assertion and an assertion over another content hash", async () => {
    await flow(e, 'passkey-refusals', async () => {
      // Mia's phone also holds Liam's passkey (copied from his authenticator, private key and all)
      const mia = await phoneWithAuthenticator();
      await signInPhone(mia.page, DEMO.signer2);
      const { credentials } = await liam.cdp.send('WebAuthn.getCredentials', { authenticatorId: liam.authenticatorId });
      const c = credentials[0];
      const liamsPasskey = {
        credentialId: c.credentialId,
        isResidentCredential: c.isResidentCredential,
        rpId: c.rpId,
        privateKey: c.privateKey,
        userHandle: c.userHandle,
        signCount: c.signCount,
      };
      await mia.cdp.send('WebAuthn.addCredential', { authenticatorId: mia.authenticatorId, credential: liamsPasskey });
      // Liam is still signed in (with his passkey, in the first test)
      const both = await submit(manager, 'Oats lot 34', [DEMO.signer1.email, DEMO.signer2.email]);
      const miaHasOne = await mia.page.evaluate(async () => ((await (await fetch('/api/company/passkeys')).json()) as { passkeys: unknown[] }).passkeys.length);
      if (miaHasOne === 0) throw new Error('Mia has no passkey (the test before enrols one)');

      /**
       * In the page: a challenge for the level, the platform's prompt over `challenge` (the challenge's own,
       * or another) with the passkey `credentialId` (or any of the user's), then the sign call; answers its
       * status and code, and the body it sent (to send again).
       */
      const attempt = (p: Page, o: { credentialId?: string; otherHash?: string; replay?: unknown }) =>
        p.evaluate(
          async (cert, opts) => {
            const b64url = (b: ArrayBuffer) =>
              btoa(String.fromCharCode(...new Uint8Array(b)))
                .replace(/\+/g, '-')
                .replace(/\//g, '_')
                .replace(/=+$/, '');
            const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
            const send = async (body: unknown) => {
              const r = await fetch(`/api/company/approvallevel/${cert.levelId}/sign`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify(body),
              });
              return { status: r.status, code: ((await r.json()) as { code?: string }).code, body };
            };
            if (opts.replay) return send(opts.replay);
            const chr = await fetch(`/api/company/approvallevel/${cert.levelId}/passkey`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ approval: cert.id, contentHash: cert.contentHash }),
            });
            const ch = (await chr.json()) as {
              challengeId: string;
              statement: string;
              options: { challenge: string; allowCredentials: Array<{ id: string }> };
            };
            let challenge = fromB64url(ch.options.challenge);
            if (opts.otherHash) {
              const other = JSON.stringify({ ...JSON.parse(ch.statement), contentHash: opts.otherHash });
              challenge = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(other)));
            }
            const allow = opts.credentialId ? [opts.credentialId] : ch.options.allowCredentials.map((c) => c.id);
            const cred = (await navigator.credentials.get({
              publicKey: {
                challenge,
                rpId: location.hostname,
                userVerification: 'required',
                allowCredentials: allow.map((id) => ({ type: 'public-key', id: fromB64url(id) })),
              },
            })) as PublicKeyCredential;
            const r = cred.response as AuthenticatorAssertionResponse;
            return send({
              approval: cert.id,
              passkey: {
                challengeId: ch.challengeId,
                response: {
                  id: cred.id,
                  rawId: b64url(cred.rawId),
                  type: 'public-key',
                  response: { authenticatorData: b64url(r.authenticatorData), clientDataJSON: b64url(r.clientDataJSON), signature: b64url(r.signature) },
                  clientExtensionResults: {},
                },
              },
            });
          },
          both,
          o,
        );

      step("Mia answers her challenge with Liam's passkey: not hers");
      const liamCredential = Buffer.from(credentials[0].credentialId, 'base64').toString('base64url');
      const wrongUser = await attempt(mia.page, { credentialId: liamCredential });
      expect([wrongUser.status, wrongUser.code]).toEqual([400, 'PASSKEY_NOT_YOURS']);

      step('Liam signs over another content hash than the one shown: refused');
      const otherHash = await attempt(liam.page, { otherHash: 'f'.repeat(64) });
      expect([otherHash.status, otherHash.code]).toEqual([400, 'PASSKEY_ASSERTION_INVALID']);
      expect(await entriesOf(liam.page, both.id)).toEqual([]);

      step('Liam signs; the same assertion sent again is refused');
      const ok = await attempt(liam.page, {});
      expect(ok.status).toBe(200);
      const replayed = await attempt(liam.page, { replay: ok.body });
      expect([replayed.status, replayed.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
      step("and Mia sending Liam's signed body as hers is refused too");
      const stolen = await attempt(mia.page, { replay: ok.body });
      expect([stolen.status, stolen.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
      expect((await entriesOf(liam.page, both.id)).map((x) => x.name)).toEqual([DEMO.signer1.name]);

      step('the refusal shows in the dialog: Mia on her phone with only the wrong passkey');
      await mia.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: mia.authenticatorId });
      const { authenticatorId: onlyLiams } = await mia.cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await mia.cdp.send('WebAuthn.addCredential', { authenticatorId: onlyLiams, credential: liamsPasskey });
      await mia.page.goto(e.url(`/views/approval/detail?id=${both.id}&sign=1`));
      await mia.page.waitForSelector(byId('sign-passkey-explained'), { visible: true });
      await mia.page.click(byId('sign-now'));
      await mia.page.waitForSelector(byId('sign-error'), { visible: true });
      expect(await mia.page.$eval(byId('sign-error'), (el) => el.textContent)).toMatch(/no passkey on this device|nothing was signed/i);
      await screenshot(mia.page, 'passkey-06-refused-phone');
      step('she falls back to the code');
      const before = await lastMailId(e, DEMO.signer2.email);
      await mia.page.click(byId('sign-use-code'));
      await mia.page.waitForSelector(byId('sign-otp'), { visible: true });
      await signingCode(e, DEMO.signer2.email, before);
    });
  });
});
