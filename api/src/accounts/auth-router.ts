import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import {
  accountSchemas,
  AppError,
  loginSchema,
  loginWaitMs,
  passkeyLoginInput,
  placeOf,
  REGISTRATION_LIMIT,
  userView,
  type LoginStatusAnswer,
  type LogoutAnswer,
  type PasskeyOptionsAnswer,
  type SignedInAnswer,
} from '@grain/domain';
import { hashPassword, SESSION_ENDED_EVENT, verifyPassword } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { actorFor, attachSession, requireUser } from '../http/auth-middleware';
import { companyJsonById } from './serialize';
import { langOf } from '../http/lang';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie';
import { challengeNamed, loginOptions, relyingPartyOf, verifySigningAssertion } from '../passkeys/webauthn';

// Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-!A1'));

/**
 * auth/login (POST signs in, GET answers the login status), auth/logout, auth/current_user,
 * auth/register. Sign-in is slowed by growing delays (the rule and its reasons: domain
 * accounts/login-throttle.ts): per account and address, per account from every address, per address
 * across accounts — the last two not from an address the account signed in from before. Registration
 * is limited per address, and every attempt is logged in auth_events.
 */
export function createAuthRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { users, sessions, authLog: log, signatures } = deps.stores;
  const ip = (req: Request) => req.ip ?? 'unknown';

  /** Ends any session the browser still carries and starts a new one: a fresh id at every sign-in. */
  async function startSession(req: Request, res: Parameters<typeof setSessionCookie>[0], userId: string) {
    const old = sessionTokenOf(req);
    if (old) await sessions.end(old);
    const { token } = await sessions.start(userId, { ip: req.ip, userAgent: req.header('user-agent') });
    setSessionCookie(res, deps.config.publicUrl, token);
  }

  async function signedInAnswer(userId: string): Promise<SignedInAnswer> {
    const user = (await users.byId(userId))!;
    const company = await companyJsonById(deps.stores, user.companyId);
    // The UI shows only the actions the user may take; the server checks them again on every call.
    const { permissions } = await actorFor(deps.stores, user);
    return { user: { ...userView(user, { company, signature: await signatures.idOfUser(user.id) }), permissions }, company };
  }

  async function waitMs(email: string, address: string): Promise<number> {
    const history = await log.signInHistory(email, address);
    return loginWaitMs(history, Date.now());
  }

  r.post('/auth/login', async (req, res) => {
    const body = parseInput(loginSchema, req.body ?? {});
    const email = body.email.toLowerCase();
    const base = { email, ip: ip(req), method: req.method, path: req.originalUrl };
    const wait = await waitMs(email, ip(req));
    if (wait > 0) {
      await log.event({ kind: 'login_throttled', ...base, detail: { waitMs: wait } });
      res.setHeader('Retry-After', String(Math.ceil(wait / 1000)));
      throw new AppError('LOGIN_THROTTLED');
    }
    const user = await users.byEmailWithHash(email);
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummy()));
    if (!user || !ok) {
      await log.attempt(email, ip(req), false);
      await log.event({ kind: 'login_failed', userId: user?.id, companyId: user?.companyId, ...base, detail: { reason: user ? 'password' : 'unknown-email' } });
      throw new AppError('LOGIN_FAILED');
    }
    if (user.status !== 'active') {
      await log.event({ kind: 'login_refused_status', userId: user.id, companyId: user.companyId, ...base, detail: { status: user.status } });
      throw new AppError('ACCOUNT_INACTIVE');
    }
    await log.attempt(email, ip(req), true);
    await startSession(req, res, user.id);
    await log.event({ kind: 'login_ok', userId: user.id, companyId: user.companyId, ...base });
    res.json(await signedInAnswer(user.id));
  });

  // Signing in with a passkey: options for the platform's prompt (any passkey of this site the device
  // holds), then the assertion over that one-use challenge. The passkey names the account; no password.
  const rp = relyingPartyOf(deps.config.publicUrl);
  r.post('/auth/passkey/options', async (req, res) => {
    const options = await loginOptions(rp);
    await deps.stores.passkeys.startLogin(options.challenge, ip(req));
    res.json({ options } satisfies PasskeyOptionsAnswer);
  });
  r.post('/auth/passkey', async (req, res) => {
    const { response } = parseInput(passkeyLoginInput, req.body ?? {});
    const base = { ip: ip(req), method: req.method, path: req.originalUrl };
    const challenge = challengeNamed(response);
    const key = await deps.stores.passkeys.byCredentialId(response.id);
    if (!challenge || !(await deps.stores.passkeys.takeLogin(challenge)) || !key) {
      await log.event({ kind: 'login_failed', userId: key?.userId, ...base, detail: { reason: 'passkey' } });
      throw new AppError('LOGIN_FAILED');
    }
    const counter = await verifySigningAssertion(rp, challenge, response, key).catch(async (e: unknown) => {
      await log.event({ kind: 'login_failed', userId: key.userId, companyId: key.companyId, ...base, detail: { reason: 'passkey assertion' } });
      throw e;
    });
    const user = await users.byId(key.userId);
    if (!user || user.status !== 'active') throw new AppError(user ? 'ACCOUNT_INACTIVE' : 'LOGIN_FAILED');
    await deps.stores.passkeys.used(key.id, counter);
    await startSession(req, res, user.id);
    await log.event({ kind: 'login_ok', userId: user.id, companyId: user.companyId, email: user.email, ...base, detail: { method: 'passkey' } });
    res.json(await signedInAnswer(user.id));
  });

  // The login page asks on load: an empty invalidMsg, and who is signed in when someone is.
  r.get('/auth/login', async (req, res) => {
    await attachSession(req);
    res.json({ invalidMsg: '', loggedIn: !!req.user, ...(req.user ? await signedInAnswer(req.user.id) : {}) } satisfies LoginStatusAnswer);
  });

  r.get('/auth/current_user', requireUser, async (req, res) => {
    res.json(await signedInAnswer(req.user!.id));
  });

  // A POST: it ends the session (the spec's GET auth/logout changed state on a read).
  r.post('/auth/logout', async (req, res) => {
    await attachSession(req);
    const token = sessionTokenOf(req);
    if (token) await sessions.end(token);
    // The live channel closes this session's sockets now rather than at its next periodic check.
    if (token && req.user?.companyId)
      await deps.stores.live.publish({ companyId: req.user.companyId, userId: req.user.id, type: SESSION_ENDED_EVENT, data: null }).catch(() => undefined);
    if (req.user) await log.event({ kind: 'logout', userId: req.user.id, companyId: req.user.companyId, email: req.user.email, ip: ip(req) });
    clearSessionCookie(res, deps.config.publicUrl);
    res.json({ loggedOut: true } satisfies LogoutAnswer);
  });

  /** Registration signs the new user in, since its success leads to the company form (docs/spec/approvals.md §4). */
  r.post('/auth/register', async (req, res) => {
    // no company yet: a phone number without its country code is read in the form's language's country
    const body = parseInput(accountSchemas(placeOf(null, langOf(req)).country).registerSchema, req.body ?? {});
    if (body.termsAccepted === false) throw new AppError('TERMS_NOT_ACCEPTED');
    // Counted before the e-mail check, so probing for registered addresses is limited too.
    const since = new Date(Date.now() - REGISTRATION_LIMIT.windowMs);
    if ((await log.countFromAddress('register_attempt', ip(req), since)) >= REGISTRATION_LIMIT.perAddress) throw new AppError('REGISTER_THROTTLED');
    await log.event({ kind: 'register_attempt', email: body.email, ip: ip(req) });
    if (await users.emailTaken(body.email)) throw new AppError('EMAIL_TAKEN');
    const user = await users.create({
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstname: body.firstname,
      lastname: body.lastname,
      phone: body.phone,
      role: body.role,
      status: 'active',
      companyId: null,
    });
    await log.event({
      kind: 'register',
      userId: user.id,
      email: user.email,
      ip: ip(req),
      detail: { role: user.role, termsAccepted: body.termsAccepted ?? true },
    });
    // registering signs in: this address becomes one the account is known at (login-throttle.ts)
    await log.attempt(user.email, ip(req), true);
    await startSession(req, res, user.id);
    res.status(201).json(await signedInAnswer(user.id));
  });

  return r;
}
