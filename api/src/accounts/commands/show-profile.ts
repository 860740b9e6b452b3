/** One's own profile (update_profile); another user's is refused. */
import type { UserRow } from '@grain/persistence';
import { ownProfile } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showProfile({ caller, userId }: { caller: AccountCaller; userId: string }, { stores }: AccountCommandDeps): Promise<UserRow> {
  return ownProfile(stores, caller, userId);
}
