/** Changes one's own name and phone; a new e-mail address waits for its confirmation (support/email-change.ts). */
import type { UserRow } from '@grain/persistence';
import { parseInput } from '../../http/parse-input';
import { requestOwnEmailChange } from '../support/email-change';
import { accountForms } from '../support/forms';
import { changesEmail, ownProfile } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function updateProfile(
  { caller, userId, body }: { caller: AccountCaller; userId: string; body: unknown },
  deps: AccountCommandDeps,
): Promise<{ user: UserRow; emailChangePending?: string }> {
  const { stores } = deps;
  const u = await ownProfile(stores, caller, userId);
  const b = parseInput((await accountForms(stores, u.companyId, caller.origin.lang)).profileUpdateSchema, body);
  const pending = changesEmail(u, b.email) ? await requestOwnEmailChange(deps, caller, u, b.email, b.currentPassword) : undefined;
  await stores.users.update(u.id, { firstname: b.firstname, lastname: b.lastname, phone: b.phone });
  return { user: (await stores.users.byId(u.id))!, ...(pending ? { emailChangePending: pending } : {}) };
}
