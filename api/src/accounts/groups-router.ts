import type { Request, Router } from 'express';
import { featureRouter } from '../http/params';
import {
  groupSchema,
  groupView,
  type GroupAnswer,
  type GroupEditAnswer,
  type GroupFormInfoAnswer,
  type GroupListAnswer,
  type GroupSavedAnswer,
} from '@grain/domain';
import type { GroupRow } from '@grain/persistence';
import type { AccountCommandDeps } from './commands/command-deps';
import { parseInput } from '../http/parse-input';
import { requireUser } from '../http/auth-middleware';
import { callerOf } from './caller';
import { createGroup } from './commands/create-group';
import { listGroups } from './commands/list-groups';
import { showGroup } from './commands/show-group';
import { updateGroup } from './commands/update-group';

/**
 * company/groups and company/group/... Each handler parses, runs one use case of ./commands (reading
 * needs viewSystem, creating and changing editSystem; a non-admin hands out only what they hold; no
 * group is called "admin") and answers its view.
 */
export function createGroupsRouter(deps: AccountCommandDeps): Router {
  const r = featureRouter();
  const group = (req: Request) => ({ caller: callerOf(req), groupId: String(req.params.id) });
  const saved = (s: { group: GroupRow; groups: GroupRow[] }) => ({ group: groupView(s.group), groups: s.groups.map(groupView) }) satisfies GroupSavedAnswer;

  r.get('/company/groups', requireUser, async (req, res) => {
    res.json({ groups: (await listGroups({ caller: callerOf(req) }, deps)).map(groupView) } satisfies GroupListAnswer);
  });
  r.get('/company/group/create', requireUser, async (req, res) => {
    res.json({ invalidMsg: '', groups: (await listGroups({ caller: callerOf(req), forForm: true }, deps)).map(groupView) } satisfies GroupFormInfoAnswer);
  });
  r.post('/company/group/create', requireUser, async (req, res) => {
    const input = parseInput(groupSchema, req.body ?? {});
    res.status(201).json(saved(await createGroup({ caller: callerOf(req), input }, deps)));
  });
  r.get('/company/group/:id', requireUser, async (req, res) => {
    res.json({ group: groupView(await showGroup(group(req), deps)) } satisfies GroupAnswer);
  });
  r.get('/company/group/:id/update', requireUser, async (req, res) => {
    res.json({ group: groupView(await showGroup({ ...group(req), forForm: true }, deps)), invalidMsg: '' } satisfies GroupEditAnswer);
  });
  r.post('/company/group/:id/update', requireUser, async (req, res) => {
    const input = parseInput(groupSchema, req.body ?? {});
    res.json(saved(await updateGroup({ ...group(req), input }, deps)));
  });
  return r;
}
