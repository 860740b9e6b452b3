/**
 * "Waiting for me": the certificates whose current level still needs the caller's signature, overdue
 * first. Only the caller's own company, and only what they would see on the list.
 */
import { Router } from 'express';
import { inboxItemFor, inboxOrder, type InboxAnswer, type InboxItem } from '@grain/domain';
import { requirePermission } from '../http/auth-middleware';
import { companyOf, type CertCtx } from './certificate-context';

/** At most this many candidates are read: an inbox longer than that is a problem of its own. */
const MAX_CANDIDATES = 200;

export function inboxRoutes(ctx: CertCtx): Router {
  const r = Router();
  r.get('/company/approvals/inbox', requirePermission('viewApproval'), async (req, res) => {
    const companyId = companyOf(req);
    const userId = req.user!.id;
    const now = Date.now();
    const items: InboxItem[] = [];
    let after: string | undefined;
    // candidates: the current level names the caller as a signer (an index); the domain decides the rest
    for (let read = 0; read < MAX_CANDIDATES;) {
      const page = await ctx.stores.certificates.list({ companyId, signerId: userId, statuses: ['signing', 'pending', 'overdue'], after, limit: 100 });
      read += page.items.length;
      for (const c of page.items) {
        const stored = await ctx.stores.certificates.get(companyId, c.id);
        const item = stored && inboxItemFor(stored.state, userId, now);
        if (item) items.push(item);
      }
      if (!page.next) break;
      after = page.next;
    }
    items.sort(inboxOrder);
    const answer: InboxAnswer = { inbox: items.slice(0, 100), count: items.length };
    res.json(answer);
  });
  return r;
}
