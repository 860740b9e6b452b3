/**
 * Creates a user of the caller's company (editSystem): its role is admin (an admin gives it) or a group
 * whose permissions the caller holds. Answers the user and the first page of the company's users.
 */
import { AppError } from '@grain/domain';
import { hashPassword, type UserRow } from '@grain/persistence';
import { parseInput } from '../../http/parse-input';
import { companyRequired, holding } from '../support/access';
import { accountForms } from '../support/forms';
import { grantableRole } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function createUser(
  { caller, body }: { caller: AccountCaller; body: unknown },
  { stores }: AccountCommandDeps,
): Promise<{ user: UserRow; firstPage: UserRow[] }> {
  const companyId = companyRequired(await holding(stores, caller, 'editSystem'));
  const b = parseInput((await accountForms(stores, companyId, caller.origin.lang)).userCreateSchema, body);
  const role = await grantableRole(stores, caller, b.role);
  if (await stores.users.emailTaken(b.email)) throw new AppError('EMAIL_TAKEN');
  const user = await stores.users.create({
    email: b.email,
    passwordHash: await hashPassword(b.password),
    firstname: b.firstname,
    lastname: b.lastname,
    phone: b.phone,
    role,
    status: b.status,
    companyId,
  });
  return { user, firstPage: (await stores.users.page(companyId, { page: 1, pageSize: 15 })).users };
}
