import type { Stores } from '@grain/persistence';
import type { AccountOrigin } from '../commands/command-deps';

/** Ends any session the browser still carries and starts a new one: a fresh id at every sign-in. Answers its token. */
export async function startSession(stores: Stores, userId: string, origin: AccountOrigin, oldToken: string | undefined): Promise<string> {
  if (oldToken) await stores.sessions.end(oldToken);
  const { token } = await stores.sessions.start(userId, { ip: origin.ip, userAgent: origin.userAgent });
  return token;
}
