/** Deletes a user of the caller's company (deleteSystem), never oneself, an admin only by an admin, never the last admin. */
import { AppError } from '@grain/domain';
import { holding } from '../support/access';
import { changeKeepingOneAdmin, guardAdminTarget, userOfCompany } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function deleteUser({ caller, userId }: { caller: AccountCaller; userId: string }, { stores }: AccountCommandDeps): Promise<{ userId: string }> {
  await holding(stores, caller, 'deleteSystem');
  const u = await userOfCompany(stores, caller, userId);
  if (u.id === caller.access.id) throw new AppError('CANNOT_DELETE_SELF');
  await guardAdminTarget(stores, caller, u);
  await changeKeepingOneAdmin(stores, u, { deleted: true }, (tx) => tx.users.softDelete(u.id));
  await stores.sessions.endAllFor(u.id);
  return { userId: u.id };
}
