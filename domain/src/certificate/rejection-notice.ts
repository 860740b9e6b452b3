/**
 * The notice a certificate sent back carries: who sent it back, when, from which level to which, why,
 * and what the submitter changed since. Shown while it matters: while the certificate waits for the
 * submitter, and, once resubmitted, to the level it was sent back to until that level signs.
 */
import { currentLevel } from './machine';
import { CONTENT_CHANGES, type CertificateState, type ContentChange } from './types';

export interface RejectionNotice {
  by: string;
  at: string;
  fromLevel: number;
  toLevel: number;
  reason: string;
  /** What the submitter changed after it (edits and the resubmit), in the order of CONTENT_CHANGES. */
  changedSince: ContentChange[];
  resubmitted: boolean;
}

export function rejectionNotice(s: CertificateState, nameOf: (userId: string) => string | undefined): RejectionNotice | null {
  const i = s.audit.map((e) => e.action).lastIndexOf('reject');
  if (i < 0) return null;
  const e = s.audit[i];
  const toLevel = e.toLevel;
  if (toLevel === undefined) return null;
  const after = s.audit.slice(i + 1);
  const resubmitted = after.some((x) => x.action === 'resubmit');
  const level = currentLevel(s);
  // sent back to the submitter (level 0), signing started again at level 1
  const restartedAt = Math.max(1, toLevel);
  const stillThere = s.status === 'rejected' || (resubmitted && s.stage === restartedAt && !!level && level.signed.length === 0);
  if (!stillThere || s.status === 'done' || s.status === 'cancelled') return null;
  const changed = new Set(after.flatMap((x) => (x.action === 'edit' || x.action === 'resubmit' ? (x.changed ?? []) : [])));
  return {
    by: nameOf(e.actorId) ?? e.actorId,
    at: e.at,
    fromLevel: e.level ?? toLevel,
    toLevel,
    reason: e.reason ?? '',
    changedSince: CONTENT_CHANGES.filter((c) => changed.has(c)),
    resubmitted,
  };
}
