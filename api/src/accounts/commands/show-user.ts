/** A user of the caller's company: oneself, or anyone with viewSystem; another company's is NOT_FOUND. */
import { can } from '@grain/domain';
import type { UserRow } from '@grain/persistence';
import { refuse } from '../support/access';
import { userOfCompany } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showUser({ caller, userId }: { caller: AccountCaller; userId: string }, { stores }: AccountCommandDeps): Promise<UserRow> {
  const u = await userOfCompany(stores, caller, userId);
  if (u.id !== caller.access.id && !can(caller.access, 'viewSystem')) await refuse(stores, caller, { permission: 'viewSystem', target: u.id });
  return u;
}
