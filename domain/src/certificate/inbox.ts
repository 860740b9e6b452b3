/**
 * "Waiting for me": the certificates whose current level still needs this user's signature (as a signer
 * or as a delegate), overdue first, then by due time - the approver's home.
 */
import { mayManageInFlight, type AccessSubject } from './access';
import { currentLevel, pendingSigners } from './machine';
import type { CertificateState } from './types';
import type { InboxItem } from './views';

const OPEN = new Set(['signing', 'pending']);

/** The inbox entry of `s` for `userId`, or null when the certificate does not wait for them. */
export function inboxItemFor(s: CertificateState, userId: string, now: number): InboxItem | null {
  const l = currentLevel(s);
  if (!l || !OPEN.has(s.status) || !pendingSigners(s, l).some((x) => x.id === userId)) return null;
  const me = l.signers.find((x) => x.id === userId);
  return { ...item(s, now), ...(me?.delegatedBy ? { onBehalfOf: l.signers.find((x) => x.id === me.delegatedBy)?.name ?? null } : {}) };
}

/**
 * "My team's overdue": `s` when it is past due and the viewer may chase it (its submitter, an admin or a
 * manager: they can remind, reassign or escalate), with whom it waits for; otherwise null.
 */
export function teamOverdueItemFor(s: CertificateState, viewer: AccessSubject, now: number): InboxItem | null {
  const l = currentLevel(s);
  if (!l || !OPEN.has(s.status) || !mayManageInFlight(s, viewer)) return null;
  const it = item(s, now);
  return it.overdue ? { ...it, waitingOn: pendingSigners(s, l).map((x) => x.name) } : null;
}

function item(s: CertificateState, now: number): InboxItem {
  const l = currentLevel(s)!;
  const due = Date.parse(l.deadline);
  return {
    _id: s.id,
    approvalNumber: s.approvalNumber,
    approvalName: s.approvalName,
    priority: s.priority,
    level: l.level,
    levelId: l.id,
    group: l.group,
    deadline: l.deadline,
    overdue: l.overdue || s.overdue || (!Number.isNaN(due) && due < now),
    submitter: s.submitter.name,
    signed: l.signed.length,
    signatures: l.signatures,
  };
}

/** Overdue first, then the nearest due time, then the number. */
export function inboxOrder(a: InboxItem, b: InboxItem): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  const d = (Date.parse(a.deadline) || Infinity) - (Date.parse(b.deadline) || Infinity);
  return d || a.approvalNumber.localeCompare(b.approvalNumber);
}
