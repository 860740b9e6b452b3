import type { Request, Router } from 'express';
import { featureRouter } from '../http/params';
import {
  groupView,
  message,
  passwordUpdateSchema,
  userListQuerySchema,
  type EmailConfirmedAnswer,
  type Language,
  type UserAnswer,
  type UserCreatedAnswer,
  type UserDeletedAnswer,
  type UserEditAnswer,
  type UserFormInfoAnswer,
  type UserListAnswer,
} from '@grain/domain';
import type { UserRow } from '@grain/persistence';
import type { AccountCommandDeps } from './commands/command-deps';
import { parseInput } from '../http/parse-input';
import { requireUser } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { accountOrigin, callerOf } from './caller';
import { companyJsonById, userRecord } from './views';
import { changePassword } from './commands/change-password';
import { confirmEmail } from './commands/confirm-email';
import { createUser } from './commands/create-user';
import { deleteUser } from './commands/delete-user';
import { listUsers } from './commands/list-users';
import { showProfile } from './commands/show-profile';
import { showUser } from './commands/show-user';
import { showUserForEdit } from './commands/show-user-for-edit';
import { showUserForm } from './commands/show-user-form';
import { updateProfile } from './commands/update-profile';
import { updateUser } from './commands/update-user';

/** The answer of a change to a user: the user, and the address waiting for confirmation when one's own changes. */
const pendingAnswer = (lang: Language, pending: string | undefined) =>
  pending ? { emailChangePending: pending, message: message('EMAIL_CHANGE_SENT', lang) } : {};

/**
 * company/users and company/user/... (docs/spec/approvals.md §6-§7). Each handler parses, runs one use
 * case of ./commands (access checks inside: seeing other users needs viewSystem, changing them
 * editSystem, deleting deleteSystem; another company's user is 404) and answers its view.
 */
export function createUsersRouter(deps: AccountCommandDeps): Router {
  const r = featureRouter();
  const { stores } = deps;
  const record = (u: UserRow) => userRecord(stores, u);
  const user = (req: Request) => ({ caller: callerOf(req), userId: String(req.params.id) });

  r.get('/company/users', requireUser, async (req, res) => {
    const q = parseInput(userListQuerySchema, req.query);
    const page = await listUsers({ caller: callerOf(req), page: q.page, pageSize: q.pageSize, q: q.q }, deps);
    res.json({
      user_list: await Promise.all(page.users.map(record)),
      total: page.total,
      page: q.page,
      pageSize: q.pageSize,
      groups: page.groups.map(groupView),
    } satisfies UserListAnswer);
  });
  r.get('/company/user/create', requireUser, async (req, res) => {
    const form = await showUserForm({ caller: callerOf(req) }, deps);
    res.json({ title: 'Create user', groups: form.groups.map(groupView), company: await companyJsonById(stores, form.companyId) } satisfies UserFormInfoAnswer);
  });
  r.post('/company/user/create', requireUser, async (req, res) => {
    const made = await createUser({ caller: callerOf(req), body: req.body ?? {} }, deps);
    res.status(201).json({ user: await record(made.user), users: await Promise.all(made.firstPage.map(record)) } satisfies UserCreatedAnswer);
  });
  r.get('/company/user/:id', requireUser, async (req, res) => {
    res.json({ user: await record(await showUser(user(req), deps)) } satisfies UserAnswer);
  });
  r.get('/company/user/:id/update', requireUser, async (req, res) => {
    const found = await showUserForEdit(user(req), deps);
    res.json({ user: await record(found.user), groups: found.groups.map(groupView) } satisfies UserEditAnswer);
  });
  r.post('/company/user/:id/update', requireUser, async (req, res) => {
    const changed = await updateUser({ ...user(req), body: req.body ?? {} }, deps);
    res.json({ user: await record(changed.user), ...pendingAnswer(langOf(req), changed.emailChangePending) } satisfies UserAnswer);
  });
  r.get('/company/user/:id/update_profile', requireUser, async (req, res) => {
    res.json({ user: await record(await showProfile(user(req), deps)) } satisfies UserAnswer);
  });
  r.post('/company/user/:id/update_profile', requireUser, async (req, res) => {
    const changed = await updateProfile({ ...user(req), body: req.body ?? {} }, deps);
    res.json({ user: await record(changed.user), ...pendingAnswer(langOf(req), changed.emailChangePending) } satisfies UserAnswer);
  });
  // The link mailed to a new address (no session needed: the token proves the mailbox).
  r.post('/company/user/confirm_email', async (req, res) => {
    const token = typeof req.body?.token === 'string' ? req.body.token : '';
    const { email } = await confirmEmail({ token, origin: accountOrigin(req) }, deps);
    res.json({ email, message: message('EMAIL_CHANGED', langOf(req)) } satisfies EmailConfirmedAnswer);
  });
  r.post('/company/user/:id/update_password', requireUser, async (req, res) => {
    const input = parseInput(passwordUpdateSchema, req.body ?? {});
    res.json({ user: await record(await changePassword({ ...user(req), input }, deps)) } satisfies UserAnswer);
  });
  r.post('/company/user/:id/delete', requireUser, async (req, res) => {
    const { userId } = await deleteUser(user(req), deps);
    res.json({ deleted: true, _id: userId } satisfies UserDeletedAnswer);
  });

  return r;
}
