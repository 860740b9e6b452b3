import { actorOfUser, can, CERTIFICATE_LIVE_TYPE, CORRECTIVE_ACTION_LIVE_TYPE, type Actor, type Permission } from '@grain/domain';
import { SESSION_ENDED_EVENT, type LiveEvent, type LiveSession } from '@grain/persistence';

/** Close codes the live channel ends a socket with; the UI's live client does not reconnect after these. */
export const LIVE_CLOSE = {
  /** The socket's session ended (sign-out, idle or absolute timeout, user locked or deactivated). */
  sessionEnded: { code: 4001, reason: 'session ended' },
  /** The session already holds the most sockets it may. */
  tooManySockets: { code: 4008, reason: 'too many sockets for this session' },
} as const;

/** Sockets one session may hold at once (a few tabs; enough to cover a reload racing the old socket). */
export const MAX_SOCKETS_PER_SESSION = 5;

/**
 * Company-wide events by type and the permission needed to receive them. A company-wide type
 * not listed here reaches nobody: a new kind of event has to say who may see it.
 */
const COMPANY_WIDE_EVENTS: Array<[type: string, permission: Permission]> = [
  [CERTIFICATE_LIVE_TYPE, 'viewApproval'],
  [CORRECTIVE_ACTION_LIVE_TYPE, 'viewCorrectiveAction'],
];

/** The actor of a live session, as the HTTP session builds it (domain actorOfUser). */
export const actorOfSession = (s: LiveSession): Actor =>
  actorOfUser({ id: s.userId, companyId: s.companyId, role: s.role, isAdmin: s.isAdmin }, { status: 'active', roles: s.groupRoles });

/** Whether a socket of `actor` gets `ev`: events to one user go to that user; company-wide ones need their permission. */
export function mayReceive(actor: Actor, ev: LiveEvent): boolean {
  if (ev.type === SESSION_ENDED_EVENT || ev.companyId !== actor.companyId) return false;
  if (ev.userId !== null) return ev.userId === actor.id;
  const rule = COMPANY_WIDE_EVENTS.find(([type]) => ev.type === type);
  return !!rule && can(actor, rule[1]);
}
