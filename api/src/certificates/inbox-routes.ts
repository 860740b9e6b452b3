/** "Waiting for me" (commands/show-inbox.ts). */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import type { InboxAnswer } from '@grain/domain';
import { requirePermission } from '../http/auth-middleware';
import { callerOf, type CertCtx } from './certificate-context';
import { showInbox } from './commands/show-inbox';

export function inboxRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  r.get('/company/approvals/inbox', requirePermission('viewApproval'), async (req, res) => {
    res.json((await showInbox({ caller: callerOf(req) }, ctx)) satisfies InboxAnswer);
  });
  return r;
}
