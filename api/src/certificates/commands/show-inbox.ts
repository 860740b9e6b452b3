/**
 * "Waiting for me": the certificates whose current level still needs the caller's signature, overdue
 * first; for a manager or an admin who sees the overdue dashboard also "my team's overdue". Only the
 * caller's own company.
 */
import { actorSubject, can, inboxItemFor, inboxOrder, teamOverdueItemFor, type CertificateState, type InboxAnswer, type InboxItem } from '@grain/domain';
import type { CertificateListQuery } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from './command-deps';

/** At most this many candidates are read: an inbox longer than that is a problem of its own. */
const MAX_CANDIDATES = 200;

/** Reads up to MAX_CANDIDATES certificates the list query names and keeps what `pick` makes of each. */
async function collect(
  { stores }: CertificateCommandDeps,
  query: Omit<CertificateListQuery, 'after' | 'limit'>,
  pick: (s: CertificateState) => InboxItem | null,
): Promise<InboxItem[]> {
  const items: InboxItem[] = [];
  let after: string | undefined;
  for (let read = 0; read < MAX_CANDIDATES;) {
    const page = await stores.certificates.list({ ...query, after, limit: 100 });
    read += page.items.length;
    for (const c of page.items) {
      const stored = await stores.certificates.get(query.companyId, c._id);
      const item = stored && pick(stored.state);
      if (item) items.push(item);
    }
    if (!page.next) break;
    after = page.next;
  }
  return items.sort(inboxOrder);
}

export async function showInbox({ caller }: { caller: Caller }, deps: CertificateCommandDeps): Promise<InboxAnswer> {
  const { companyId } = caller;
  const userId = caller.actor.id;
  const now = Date.now();
  // candidates: the current level names the caller as a signer (an index); the domain decides the rest
  const items = await collect(deps, { companyId, signerId: userId, statuses: ['signing', 'pending', 'overdue'] }, (s) => inboxItemFor(s, userId, now));
  const answer: InboxAnswer = { inbox: items.slice(0, 100), count: items.length };
  const subject = actorSubject(caller.access);
  if ((subject.isManager || subject.isAdmin) && can(caller.access, 'viewSystem')) {
    const team = await collect(deps, { companyId, statuses: ['overdue'] }, (s) => teamOverdueItemFor(s, subject, now));
    Object.assign(answer, { teamOverdue: team.slice(0, 100), teamOverdueCount: team.length });
  }
  return answer;
}
