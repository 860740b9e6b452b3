import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  ADMIN_ROLE,
  can,
  isAdmin,
  isAdminRoleName,
  lastAdminRefusal,
  loginWaitMs,
  message,
  accountSchemas,
  passwordUpdateSchema,
  permissionsBeyond,
  userListQuerySchema,
  type Actor,
  type EmailConfirmedAnswer,
  type AdminChange,
  type AccountStatus,
  type UserAnswer,
  type UserCreatedAnswer,
  type UserDeletedAnswer,
  type UserEditAnswer,
  type UserFormInfoAnswer,
  type UserListAnswer,
  groupView,
  userView,
} from '@grain/domain';
import { hashPassword, verifyPassword, type Stores, type UserRow, type UserStore } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { companyRequired } from '../http/access';
import { actorOf, denyAccess, ensurePermission, requireUser } from '../http/auth-middleware';
import { emailChangeMails, sendAccountNotice, sendRequiredMail } from './account-notice';
import { companyJsonById } from './serialize';
import { companyPlace } from '../http/place';
import { langOf } from '../http/lang';

/** At most this many changes of one's own e-mail address per hour (each mails two addresses). */
const MAX_EMAIL_CHANGES_PER_HOUR = 3;

/**
 * company/users and company/user/... (docs/spec/approvals.md §6-§7). Another company's user is 404. Seeing other
 * users needs viewSystem, changing them editSystem, deleting deleteSystem; one's own record goes
 * through update_profile and update_password. Only an admin may make or change an admin, change
 * another user's e-mail or password (the owner is mailed and signed out), and a company keeps one
 * active admin. A non-admin puts a user only into a group whose permissions they hold themselves.
 */
export function createUsersRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { users, groups, sessions, authLog: log, signatures, emailChanges } = deps.stores;
  /** The forms with a phone number, read in the company's country. */
  const schemasFor = async (req: Request, companyId: string | null) => accountSchemas((await companyPlace(deps.stores, companyId, req)).country);

  /**
   * A change of one's own e-mail address (issue 26): it needs the current password (a wrong one counts
   * as a failed sign-in, so a held session cannot be used to guess it), tells the old address, and
   * happens only when the link mailed to the new address is opened (confirm_email). Answers the
   * pending address.
   */
  async function requestOwnEmailChange(req: Request, u: UserRow, newEmail: string, currentPassword: string | undefined): Promise<string> {
    const fields = (code: 'CURRENT_PASSWORD_REQUIRED' | 'CURRENT_PASSWORD_WRONG') => ({ fields: [{ path: 'currentPassword', code }] });
    if (!currentPassword) throw new AppError('CURRENT_PASSWORD_REQUIRED', fields('CURRENT_PASSWORD_REQUIRED'));
    const ip = req.ip ?? 'unknown';
    const wait = loginWaitMs(await log.signInHistory(u.email, ip), Date.now());
    if (wait > 0) throw new AppError('LOGIN_THROTTLED');
    const withHash = (await users.byEmailWithHash(u.email))!;
    if (!(await verifyPassword(currentPassword, withHash.passwordHash))) {
      await log.attempt(u.email, ip, false);
      throw new AppError('CURRENT_PASSWORD_WRONG', fields('CURRENT_PASSWORD_WRONG'));
    }
    if (await users.emailTaken(newEmail, u.id)) throw new AppError('EMAIL_TAKEN');
    if ((await emailChanges.countSince(u.id, new Date(Date.now() - 3600_000))) >= MAX_EMAIL_CHANGES_PER_HOUR) throw new AppError('EMAIL_CHANGE_THROTTLED');
    const { token } = await emailChanges.request(u.id, newEmail);
    const link = `${deps.config.publicUrl.replace(/\/$/, '')}/views/confirm-email?token=${token}`;
    const mails = emailChangeMails(`${u.firstname} ${u.lastname}`, newEmail, link);
    await sendRequiredMail(deps.adapters, newEmail, mails.confirm);
    await sendRequiredMail(deps.adapters, u.email, mails.requested);
    await log.event({ kind: 'email_change_requested', userId: u.id, companyId: u.companyId, ip, detail: { to: newEmail } });
    return newEmail;
  }
  const pendingAnswer = (req: Request, pending: string | undefined) =>
    pending ? { emailChangePending: pending, message: message('EMAIL_CHANGE_SENT', langOf(req)) } : {};
  const changesEmail = (u: UserRow, email: string | undefined) => !!email && email.trim().toLowerCase() !== u.email.toLowerCase();

  async function target(a: Actor, id: string): Promise<UserRow> {
    const u = await users.byIdInCompany(id, companyRequired(a));
    if (!u) throw new AppError('NOT_FOUND');
    return u;
  }
  /**
   * A role is admin (given only by an admin) or the name of one of the company's groups, whose
   * permissions a non-admin must hold themselves to hand them on.
   */
  async function checkRole(req: Request, a: Actor, role: string): Promise<string> {
    if (isAdminRoleName(role)) {
      if (!isAdmin(a)) await denyAccess(req, { reason: 'only an admin grants admin' });
      return ADMIN_ROLE;
    }
    const g = await groups.byName(companyRequired(a), role);
    if (!g) throw new AppError('INVALID_ROLE', { fields: [{ path: 'role', code: 'INVALID_ROLE' }] });
    const beyond = permissionsBeyond(a, g.roles);
    if (beyond.length) await denyAccess(req, { reason: 'group grants beyond own permissions', permissions: beyond });
    return g.groupName;
  }
  async function guardAdminTarget(req: Request, a: Actor, u: UserRow) {
    if (u.isAdmin && !isAdmin(a)) await denyAccess(req, { reason: 'admin target', target: u.id });
  }
  /** A change that would leave the company without an active admin is refused. */
  async function keepOneAdmin(store: UserStore, u: UserRow, change: AdminChange) {
    if (!u.isAdmin) return;
    const refusal = lastAdminRefusal(u, change, await store.countActiveAdmins(u.companyId ?? '', u.id));
    if (refusal) throw new AppError(refusal);
  }
  /** Applies a change to a user, re-checking the last-admin rule with the company's admins held. */
  async function changeKeepingOneAdmin(u: UserRow, change: AdminChange, apply: (tx: Stores) => Promise<void>) {
    await deps.stores.transaction(async (tx) => {
      if (u.isAdmin) {
        await tx.users.lockAdmins(u.companyId ?? '');
        await keepOneAdmin(tx.users, u, change);
      }
      await apply(tx);
    });
  }
  /** Another user's e-mail and password are the keys to their signature: only an admin changes them. */
  async function guardCredentials(req: Request, a: Actor, u: UserRow, what: 'email' | 'password') {
    if (u.id !== a.id && !isAdmin(a)) await denyAccess(req, { reason: `${what} of another user needs admin`, target: u.id });
  }
  const full = async (u: UserRow) => userView(u, { signature: await signatures.idOfUser(u.id) });
  const groupList = async (a: Actor) => (await groups.list(companyRequired(a))).map(groupView);
  async function endSessionsIfBlocked(u: UserRow, status: AccountStatus | undefined) {
    if (status && status !== 'active') await sessions.endAllFor(u.id);
  }

  r.get('/company/users', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'viewSystem');
    const q = parseInput(userListQuerySchema, req.query);
    const page = await users.page(companyRequired(a), { page: q.page, pageSize: q.pageSize, q: q.q || undefined });
    res.json({
      user_list: await Promise.all(page.users.map(full)),
      total: page.total,
      page: q.page,
      pageSize: q.pageSize,
      groups: await groupList(a),
    } satisfies UserListAnswer);
  });

  r.get('/company/user/create', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    res.json({
      title: 'Create user',
      groups: await groupList(a),
      company: await companyJsonById(deps.stores, companyRequired(a)),
    } satisfies UserFormInfoAnswer);
  });

  r.post('/company/user/create', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    const b = parseInput((await schemasFor(req, a.companyId)).userCreateSchema, req.body ?? {});
    const role = await checkRole(req, a, b.role);
    if (await users.emailTaken(b.email)) throw new AppError('EMAIL_TAKEN');
    const u = await users.create({
      email: b.email,
      passwordHash: await hashPassword(b.password),
      firstname: b.firstname,
      lastname: b.lastname,
      phone: b.phone,
      role,
      status: b.status,
      companyId: companyRequired(a),
    });
    const first = await users.page(companyRequired(a), { page: 1, pageSize: 15 });
    res.status(201).json({ user: await full(u), users: await Promise.all(first.users.map(full)) } satisfies UserCreatedAnswer);
  });

  r.get('/company/user/:id', requireUser, async (req, res) => {
    const a = actorOf(req);
    const u = await target(a, String(req.params.id));
    if (u.id !== a.id && !can(a, 'viewSystem')) await denyAccess(req, { permission: 'viewSystem', target: u.id });
    res.json({ user: await full(u) } satisfies UserAnswer);
  });

  r.get('/company/user/:id/update', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    res.json({ user: await full(await target(a, String(req.params.id))), groups: await groupList(a) } satisfies UserEditAnswer);
  });

  r.post('/company/user/:id/update', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    const u = await target(a, String(req.params.id));
    await guardAdminTarget(req, a, u);
    const b = parseInput((await schemasFor(req, a.companyId)).userUpdateSchema, req.body ?? {});
    if (u.id === a.id && ((b.role && b.role !== u.role) || (b.status && b.status !== u.status))) {
      await denyAccess(req, { reason: 'own role or status' });
    }
    const role = b.role && b.role !== u.role ? await checkRole(req, a, b.role) : undefined;
    // one's own address changes only through the confirmed path, here as on the profile
    const ownEmail = u.id === a.id && changesEmail(u, b.email) ? b.email : undefined;
    const newEmail = u.id !== a.id && changesEmail(u, b.email) ? b.email : undefined;
    if (newEmail) await guardCredentials(req, a, u, 'email');
    if (newEmail && (await users.emailTaken(newEmail, u.id))) throw new AppError('EMAIL_TAKEN');
    // Checked before the notice goes out too, so nobody is told of a change that will not happen.
    await keepOneAdmin(users, u, { role, status: b.status });
    const byOther = newEmail && u.id !== a.id;
    if (byOther) await sendAccountNotice(deps.adapters, u.email, 'email', `${u.firstname} ${u.lastname}`, newEmail);
    const pending = ownEmail ? await requestOwnEmailChange(req, u, ownEmail, b.currentPassword) : undefined;
    await changeKeepingOneAdmin(u, { role, status: b.status }, (tx) =>
      tx.users.update(u.id, { email: newEmail, firstname: b.firstname, lastname: b.lastname, phone: b.phone, role, status: b.status }),
    );
    await endSessionsIfBlocked(u, b.status);
    if (byOther) {
      await sessions.endAllFor(u.id);
      await log.event({ kind: 'email_changed', userId: u.id, companyId: u.companyId, ip: req.ip, detail: { by: a.id } });
    }
    res.json({ user: await full((await users.byId(u.id))!), ...pendingAnswer(req, pending) } satisfies UserAnswer);
  });

  const ownProfile = async (req: Request): Promise<UserRow> => {
    const a = actorOf(req);
    if (String(req.params.id) !== a.id) await denyAccess(req, { reason: 'profile of another user' });
    return (await users.byId(a.id))!;
  };
  r.get('/company/user/:id/update_profile', requireUser, async (req, res) => {
    res.json({ user: await full(await ownProfile(req)) } satisfies UserAnswer);
  });
  r.post('/company/user/:id/update_profile', requireUser, async (req, res) => {
    const u = await ownProfile(req);
    const b = parseInput((await schemasFor(req, u.companyId)).profileUpdateSchema, req.body ?? {});
    const pending = changesEmail(u, b.email) ? await requestOwnEmailChange(req, u, b.email!, b.currentPassword) : undefined;
    await users.update(u.id, { firstname: b.firstname, lastname: b.lastname, phone: b.phone });
    res.json({ user: await full((await users.byId(u.id))!), ...pendingAnswer(req, pending) } satisfies UserAnswer);
  });

  /**
   * The link mailed to a new address: opening it (the page posts the token) makes the change. No
   * session is needed — the password was given when the change was asked for, and the token proves
   * the new mailbox; the old address is told.
   */
  r.post('/company/user/confirm_email', async (req, res) => {
    const token = typeof req.body?.token === 'string' && req.body.token.length >= 10 && req.body.token.length <= 200 ? req.body.token : '';
    const change = token ? await emailChanges.consume(token) : null;
    const u = change ? await users.byId(change.userId) : null;
    if (!change || !u || u.status !== 'active') throw new AppError('EMAIL_CHANGE_INVALID');
    if (await users.emailTaken(change.newEmail, u.id)) throw new AppError('EMAIL_TAKEN');
    await users.update(u.id, { email: change.newEmail });
    await log.event({ kind: 'email_changed', userId: u.id, companyId: u.companyId, ip: req.ip, detail: { by: u.id, confirmed: true } });
    await sendAccountNoticeQuietly(u.email, emailChangeMails(`${u.firstname} ${u.lastname}`, change.newEmail, '').changed);
    res.json({ email: change.newEmail, message: message('EMAIL_CHANGED', langOf(req)) } satisfies EmailConfirmedAnswer);
  });
  /** The notice after a confirmed change: the change stands even if the old mailbox cannot be reached. */
  async function sendAccountNoticeQuietly(to: string, mail: { subject: string; text: string }) {
    await deps.adapters.mail.send({ to, ...mail }).catch((e: Error) => console.error('[accounts] notice failed:', e.message));
  }

  r.post('/company/user/:id/update_password', requireUser, async (req, res) => {
    const a = actorOf(req);
    const b = parseInput(passwordUpdateSchema, req.body ?? {});
    const self = String(req.params.id) === a.id;
    let u: UserRow;
    if (self) {
      const withHash = (await users.byEmailWithHash(req.user!.email))!;
      if (!b.currentPassword || !(await verifyPassword(b.currentPassword, withHash.passwordHash))) throw new AppError('CURRENT_PASSWORD_WRONG');
      u = withHash;
    } else {
      await ensurePermission(req, 'editSystem');
      u = await target(a, String(req.params.id));
      await guardAdminTarget(req, a, u);
      await guardCredentials(req, a, u, 'password');
      await sendAccountNotice(deps.adapters, u.email, 'password', `${u.firstname} ${u.lastname}`);
    }
    await users.setPasswordHash(u.id, await hashPassword(b.password));
    await sessions.endAllFor(u.id, self ? req.sessionToken : undefined);
    await log.event({ kind: 'password_changed', userId: u.id, companyId: u.companyId, ip: req.ip, detail: { by: a.id } });
    res.json({ user: await full(u) } satisfies UserAnswer);
  });

  r.post('/company/user/:id/delete', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'deleteSystem');
    const u = await target(a, String(req.params.id));
    if (u.id === a.id) throw new AppError('CANNOT_DELETE_SELF');
    await guardAdminTarget(req, a, u);
    await changeKeepingOneAdmin(u, { deleted: true }, (tx) => tx.users.softDelete(u.id));
    await sessions.endAllFor(u.id);
    res.json({ deleted: true, _id: u.id } satisfies UserDeletedAnswer);
  });

  return r;
}
