/**
 * Registers a new user without a company and signs them in (docs/spec/approvals.md §4: its success
 * leads to the company form). Limited per address (REGISTRATION_LIMIT), counted before the e-mail check
 * so probing for registered addresses is limited too. Answers the user's id and the new session's token.
 */
import { AppError, REGISTRATION_LIMIT, type RegisterInput } from '@grain/domain';
import { hashPassword } from '@grain/persistence';
import { startSession } from '../support/sessions';
import type { AccountCommandDeps, AccountOrigin } from './command-deps';

export async function register(
  { input, origin, oldToken }: { input: RegisterInput; origin: AccountOrigin; oldToken?: string },
  { stores }: AccountCommandDeps,
): Promise<{ userId: string; token: string }> {
  const { users, authLog: log } = stores;
  if (input.termsAccepted === false) throw new AppError('TERMS_NOT_ACCEPTED');
  const since = new Date(Date.now() - REGISTRATION_LIMIT.windowMs);
  if ((await log.countFromAddress('register_attempt', origin.ip, since)) >= REGISTRATION_LIMIT.perAddress) throw new AppError('REGISTER_THROTTLED');
  await log.event({ kind: 'register_attempt', email: input.email, ip: origin.ip });
  if (await users.emailTaken(input.email)) throw new AppError('EMAIL_TAKEN');
  const user = await users.create({
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstname: input.firstname,
    lastname: input.lastname,
    phone: input.phone,
    role: input.role,
    status: 'active',
    companyId: null,
  });
  await log.event({
    kind: 'register',
    userId: user.id,
    email: user.email,
    ip: origin.ip,
    detail: { role: user.role, termsAccepted: input.termsAccepted ?? true },
  });
  // registering signs in: this address becomes one the account is known at (login-throttle.ts)
  await log.attempt(user.email, origin.ip, true);
  return { userId: user.id, token: await startSession(stores, user.id, origin, oldToken) };
}
