import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  groupSchema,
  groupView,
  isAdminRoleName,
  permissionsBeyond,
  type Actor,
  type GroupAnswer,
  type GroupEditAnswer,
  type GroupFormInfoAnswer,
  type GroupInput,
  type GroupListAnswer,
  type GroupSavedAnswer,
} from '@grain/domain';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { companyRequired } from '../http/access';
import { denyAccess, ensurePermission, requireUser } from '../http/auth-middleware';

/**
 * company/groups and company/group/... Reading needs viewSystem, creating and changing editSystem
 * (admin always). A non-admin can only hand out permissions they hold, so no one raises their own
 * group above themselves. Renaming a group renames the role of its members with it. No group is
 * called "admin": admin is a user's flag that only an admin grants, not a name anyone may type.
 */
export function createGroupsRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const groups = deps.stores.groups;
  const list = async (a: Actor) => (await groups.list(companyRequired(a))).map(groupView);
  async function found(a: Actor, id: string) {
    const g = await groups.byId(companyRequired(a), id);
    if (!g) throw new AppError('NOT_FOUND');
    return g;
  }
  async function checkGrant(req: Request, a: Actor, b: GroupInput) {
    const beyond = permissionsBeyond(a, b.roles);
    if (beyond.length) await denyAccess(req, { reason: 'grants beyond own permissions', permissions: beyond });
  }
  /** A group some older data already calls "admin" may keep its name; nobody gives it to one. */
  function checkName(b: GroupInput, current?: string) {
    if (isAdminRoleName(b.groupName) && b.groupName !== current) {
      throw new AppError('GROUP_NAME_RESERVED', { fields: [{ path: 'groupName', code: 'GROUP_NAME_RESERVED' }] });
    }
  }

  r.get('/company/groups', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'viewSystem');
    res.json({ groups: await list(a) } satisfies GroupListAnswer);
  });
  r.get('/company/group/create', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    res.json({ invalidMsg: '', groups: await list(a) } satisfies GroupFormInfoAnswer);
  });
  r.post('/company/group/create', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    const b = parseInput(groupSchema, req.body ?? {});
    await checkGrant(req, a, b);
    checkName(b);
    if (await groups.byName(companyRequired(a), b.groupName))
      throw new AppError('GROUP_NAME_TAKEN', { fields: [{ path: 'groupName', code: 'GROUP_NAME_TAKEN' }] });
    const g = await groups.create(companyRequired(a), { groupName: b.groupName, status: b.status, roles: [...new Set(b.roles)] });
    res.status(201).json({ group: groupView(g), groups: await list(a) } satisfies GroupSavedAnswer);
  });
  r.get('/company/group/:id', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'viewSystem');
    res.json({ group: groupView(await found(a, String(req.params.id))) } satisfies GroupAnswer);
  });
  r.get('/company/group/:id/update', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    res.json({ group: groupView(await found(a, String(req.params.id))), invalidMsg: '' } satisfies GroupEditAnswer);
  });
  r.post('/company/group/:id/update', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    const g = await found(a, String(req.params.id));
    const b = parseInput(groupSchema, req.body ?? {});
    await checkGrant(req, a, b);
    checkName(b, g.groupName);
    if (await groups.byName(companyRequired(a), b.groupName, g.id))
      throw new AppError('GROUP_NAME_TAKEN', { fields: [{ path: 'groupName', code: 'GROUP_NAME_TAKEN' }] });
    await groups.updateWithMembers(g, { groupName: b.groupName, status: b.status, roles: [...new Set(b.roles)] });
    res.json({ group: groupView((await groups.byId(g.companyId, g.id))!), groups: await list(a) } satisfies GroupSavedAnswer);
  });
  return r;
}
