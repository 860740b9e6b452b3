/** Ends the session; the live channel closes its sockets now rather than at its next periodic check. */
import type { SessionUser } from '@grain/domain';
import { SESSION_ENDED_EVENT } from '@grain/persistence';
import type { AccountCommandDeps, AccountOrigin } from './command-deps';

export async function signOut(
  { token, user, origin }: { token?: string; user?: SessionUser; origin: AccountOrigin },
  { stores }: AccountCommandDeps,
): Promise<void> {
  if (token) await stores.sessions.end(token);
  if (token && user?.companyId)
    await stores.live.publish({ companyId: user.companyId, userId: user.id, type: SESSION_ENDED_EVENT, data: null }).catch(() => undefined);
  if (user) await stores.authLog.event({ kind: 'logout', userId: user.id, companyId: user.companyId, email: user.email, ip: origin.ip });
}
