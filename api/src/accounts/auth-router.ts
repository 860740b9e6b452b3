import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { accountSchemas, loginSchema, passkeyLoginInput, placeOf, type LoginStatusAnswer, type LogoutAnswer, type PasskeyOptionsAnswer } from '@grain/domain';
import type { AccountCommandDeps } from './commands/command-deps';
import { parseInput } from '../http/parse-input';
import { attachSession, requireUser } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { accountOrigin } from './caller';
import { signedInAnswer } from './views';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie';
import { relyingPartyOf } from '../passkeys/webauthn';
import { register } from './commands/register';
import { signIn } from './commands/sign-in';
import { signInWithPasskey, startPasskeySignIn } from './commands/sign-in-with-passkey';
import { signOut } from './commands/sign-out';

/**
 * auth/login (POST signs in, GET answers the login status), auth/logout, auth/current_user,
 * auth/register. Each handler parses, runs one use case of ./commands (sign-in throttling and the
 * registration limit inside) and answers; the session cookie is set here.
 */
export function createAuthRouter(deps: AccountCommandDeps): Router {
  const r = featureRouter();

  r.post('/auth/login', async (req, res) => {
    const body = parseInput(loginSchema, req.body ?? {});
    const { userId, token } = await signIn({ ...body, origin: accountOrigin(req), oldToken: sessionTokenOf(req) }, deps);
    setSessionCookie(res, deps.config.publicUrl, token);
    res.json(await signedInAnswer(deps.stores, userId));
  });

  // Signing in with a passkey: options for the platform's prompt (any passkey of this site the device
  // holds), then the assertion over that one-use challenge. The passkey names the account; no password.
  const relyingParty = relyingPartyOf(deps.config.publicUrl);
  r.post('/auth/passkey/options', async (req, res) => {
    const options = await startPasskeySignIn({ origin: accountOrigin(req), relyingParty }, deps);
    res.json({ options } satisfies PasskeyOptionsAnswer);
  });
  r.post('/auth/passkey', async (req, res) => {
    const { response } = parseInput(passkeyLoginInput, req.body ?? {});
    const { userId, token } = await signInWithPasskey({ response, origin: accountOrigin(req), relyingParty, oldToken: sessionTokenOf(req) }, deps);
    setSessionCookie(res, deps.config.publicUrl, token);
    res.json(await signedInAnswer(deps.stores, userId));
  });

  // The login page asks on load: an empty invalidMsg, and who is signed in when someone is.
  r.get('/auth/login', async (req, res) => {
    await attachSession(req);
    res.json({ invalidMsg: '', loggedIn: !!req.user, ...(req.user ? await signedInAnswer(deps.stores, req.user.id) : {}) } satisfies LoginStatusAnswer);
  });

  r.get('/auth/current_user', requireUser, async (req, res) => {
    res.json(await signedInAnswer(deps.stores, req.user!.id));
  });

  // A POST: it ends the session (the spec's GET auth/logout changed state on a read).
  r.post('/auth/logout', async (req, res) => {
    await attachSession(req);
    await signOut({ token: sessionTokenOf(req), user: req.user, origin: accountOrigin(req) }, deps);
    clearSessionCookie(res, deps.config.publicUrl);
    res.json({ loggedOut: true } satisfies LogoutAnswer);
  });

  r.post('/auth/register', async (req, res) => {
    // no company yet: a phone number without its country code is read in the form's language's country
    const input = parseInput(accountSchemas(placeOf(null, langOf(req)).country).registerSchema, req.body ?? {});
    const { userId, token } = await register({ input, origin: accountOrigin(req), oldToken: sessionTokenOf(req) }, deps);
    setSessionCookie(res, deps.config.publicUrl, token);
    res.status(201).json(await signedInAnswer(deps.stores, userId));
  });

  return r;
}
