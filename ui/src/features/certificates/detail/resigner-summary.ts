import { CONTENT_CHANGES, type CertificateView, type ContentChange } from '@grain/domain';

/** For a re-signer: the signature of theirs a content change voided, what changed since, and why it came back. */
export interface ResignerSummary {
  level: number;
  signedAt: string;
  /** The content hash they signed. */
  signedOver: string;
  /** Parts of the content changed by edits and resubmits after they signed (CONTENT_CHANGES order). */
  changed: ContentChange[];
  /** Each send-back after they signed: who, when, why. */
  reasons: Array<{ by: string; at: string; reason: string }>;
}

/**
 * Read from the voided signatures and the audit trail: the viewer's latest signature that no longer
 * counts (made over other content than now), and the edits, resubmits and send-backs after it. Null when
 * the viewer has no such signature, or has signed the content as it is now.
 */
export function resignerSummary(a: CertificateView, viewerId: string): ResignerSummary | null {
  const mine = a.approvalLevels
    .flatMap((l) => (l.voided ?? []).filter((v) => v.userId === viewerId).map((v) => ({ level: l.level, v })))
    .sort((x, y) => y.v.at.localeCompare(x.v.at))[0];
  if (!mine || mine.v.contentHash === a.contentHash) return null;
  if (a.approvalLevels.some((l) => l.signedEntries.some((e) => e.userId === viewerId && e.at > mine.v.at))) return null;
  const after = a.audit.filter((e) => e.at > mine.v.at);
  const changed = new Set(after.flatMap((e) => (e.action === 'edit' || e.action === 'resubmit' ? (e.changed ?? []) : [])));
  return {
    level: mine.level,
    signedAt: mine.v.at,
    signedOver: mine.v.contentHash ?? '',
    changed: CONTENT_CHANGES.filter((c) => changed.has(c)),
    reasons: after.filter((e) => e.action === 'reject').map((e) => ({ by: e.actorName ?? e.actorId, at: e.at, reason: e.reason ?? '' })),
  };
}
