/**
 * "Waiting for me": the certificates whose current level still needs the caller's signature, overdue
 * first; for a manager or an admin also "my team's overdue". Only the caller's own company.
 */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { actorSubject, can, inboxItemFor, inboxOrder, teamOverdueItemFor, type CertificateState, type InboxAnswer, type InboxItem } from '@grain/domain';
import { actorOf, requirePermission } from '../http/auth-middleware';
import { scopeOf } from '../http/scope';
import type { CertCtx } from './certificate-context';

/** At most this many candidates are read: an inbox longer than that is a problem of its own. */
const MAX_CANDIDATES = 200;

/** Reads up to MAX_CANDIDATES certificates the list query names and keeps what `pick` makes of each. */
async function collect(
  ctx: CertCtx,
  query: Omit<Parameters<CertCtx['stores']['certificates']['list']>[0], 'after' | 'limit'>,
  pick: (s: CertificateState) => InboxItem | null,
): Promise<InboxItem[]> {
  const items: InboxItem[] = [];
  let after: string | undefined;
  for (let read = 0; read < MAX_CANDIDATES;) {
    const page = await ctx.stores.certificates.list({ ...query, after, limit: 100 });
    read += page.items.length;
    for (const c of page.items) {
      const stored = await ctx.stores.certificates.get(query.companyId, c._id);
      const item = stored && pick(stored.state);
      if (item) items.push(item);
    }
    if (!page.next) break;
    after = page.next;
  }
  return items.sort(inboxOrder);
}

export function inboxRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  r.get('/company/approvals/inbox', requirePermission('viewApproval'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const userId = req.user!.id;
    const now = Date.now();
    // candidates: the current level names the caller as a signer (an index); the domain decides the rest
    const items = await collect(ctx, { companyId, signerId: userId, statuses: ['signing', 'pending', 'overdue'] }, (s) => inboxItemFor(s, userId, now));
    const answer: InboxAnswer = { inbox: items.slice(0, 100), count: items.length };
    // managers and admins (who see the overdue dashboard) also get what their team let run late
    const viewer = actorOf(req);
    const subject = actorSubject(viewer);
    if ((subject.isManager || subject.isAdmin) && can(viewer, 'viewSystem')) {
      const team = await collect(ctx, { companyId, statuses: ['overdue'] }, (s) => teamOverdueItemFor(s, subject, now));
      Object.assign(answer, { teamOverdue: team.slice(0, 100), teamOverdueCount: team.length });
    }
    res.json(answer);
  });
  return r;
}
