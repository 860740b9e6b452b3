import type { Actor, Permission } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import { companyRequired, denyAccess, mustHold } from '../../http/access';
import type { AccountCaller } from '../commands/command-deps';

export { companyRequired };

/** Refuses the caller (logged in auth_events, 403 ACCESS_DENIED). */
export const refuse = (stores: Stores, caller: AccountCaller, detail: Record<string, unknown>): Promise<never> => denyAccess(stores.authLog, caller, detail);

/** The caller must hold the permission (admin holds all); answers their actor. */
export async function holding(stores: Stores, caller: AccountCaller, p: Permission): Promise<Actor> {
  await mustHold(stores.authLog, caller, p);
  return caller.access;
}
