/**
 * Signs in with a passkey: the options for the platform's prompt (any passkey of this site the device
 * holds; the challenge is one use, and one address keeps at most a few open), then the assertion over
 * that challenge. The passkey names the account; no password. Every attempt is logged. Answers the user's
 * id and the new session's token.
 */
import { AppError, type PasskeyAssertionInput } from '@grain/domain';
import { challengeNamed, loginOptions, verifySigningAssertion, type RelyingParty } from '../../passkeys/webauthn';
import { startSession } from '../support/sessions';
import type { AccountCommandDeps, AccountOrigin } from './command-deps';

export async function startPasskeySignIn(o: { origin: AccountOrigin; relyingParty: RelyingParty }, { stores }: AccountCommandDeps) {
  const options = await loginOptions(o.relyingParty);
  await stores.passkeys.startLogin(options.challenge, o.origin.ip);
  return options;
}

export interface PasskeySignInOptions {
  response: PasskeyAssertionInput['response'];
  origin: AccountOrigin;
  relyingParty: RelyingParty;
  /** The session the browser still carries: it ends. */
  oldToken?: string;
}

export async function signInWithPasskey(o: PasskeySignInOptions, { stores }: AccountCommandDeps): Promise<{ userId: string; token: string }> {
  const { users, authLog: log, passkeys } = stores;
  const base = { ip: o.origin.ip, method: o.origin.method, path: o.origin.path };
  const challenge = challengeNamed(o.response);
  const key = await passkeys.byCredentialId(o.response.id);
  if (!challenge || !(await passkeys.takeLogin(challenge)) || !key) {
    await log.event({ kind: 'login_failed', userId: key?.userId, ...base, detail: { reason: 'passkey' } });
    throw new AppError('LOGIN_FAILED');
  }
  const counter = await verifySigningAssertion(o.relyingParty, challenge, o.response, key).catch(async (e: unknown) => {
    await log.event({ kind: 'login_failed', userId: key.userId, companyId: key.companyId, ...base, detail: { reason: 'passkey assertion' } });
    throw e;
  });
  const user = await users.byId(key.userId);
  if (!user || user.status !== 'active') throw new AppError(user ? 'ACCOUNT_INACTIVE' : 'LOGIN_FAILED');
  await passkeys.used(key.id, counter);
  const token = await startSession(stores, user.id, o.origin, o.oldToken);
  await log.event({ kind: 'login_ok', userId: user.id, companyId: user.companyId, email: user.email, ...base, detail: { method: 'passkey' } });
  return { userId: user.id, token };
}
