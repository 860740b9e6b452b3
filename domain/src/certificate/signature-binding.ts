/**
 * A signature counts only for the content it was made over. Content changes only while a certificate
 * is rejected (edit, resubmit); such a change voids every signature made over other content, and
 * signing restarts at the first level that lost one. The voided signatures stay on their level, marked,
 * for the audit trail.
 */
import type { AuditEntry, CertificateEffect, CertificateState, ContentChange, Person, SignedEntry, VoidedSignature } from './types';

/** Which parts of the signable content differ between two states. */
export function contentChanges(before: CertificateState, after: CertificateState): ContentChange[] {
  const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  const setup = (s: CertificateState) => s.levels.map((l) => [l.group, l.signatures, l.deadline, l.signers.map((x) => x.id)]);
  const changed: ContentChange[] = [];
  if (differs(before.approvalName, after.approvalName)) changed.push('name');
  if (differs(before.priority, after.priority)) changed.push('priority');
  if (differs(before.summary, after.summary)) changed.push('summary');
  if (differs(before.approvalDoc, after.approvalDoc)) changed.push('farmRecord');
  if (differs(before.supportDocs, after.supportDocs)) changed.push('documents');
  if (differs(setup(before), setup(after))) changed.push('levels');
  return changed;
}

/**
 * Voids the signatures of `s` (already changed) made over other content than its current hash: each
 * leaves `signed` for `voided` with an audit entry, its level starts over, and the stage moves back to
 * the first such level. Returns that level's number (or undefined if nothing was voided) and pushes the
 * notice to the signers concerned.
 */
export function voidSignaturesOverOtherContent(s: CertificateState, before: CertificateState, at: string, fx: CertificateEffect[]): number | undefined {
  const voidedSigners: Person[] = [];
  let first: number | undefined;
  for (const l of s.levels) {
    const stale = l.signed.filter((e) => e.contentHash !== s.contentHash);
    if (stale.length === 0) continue;
    first ??= l.level;
    l.signed = l.signed.filter((e) => e.contentHash === s.contentHash);
    l.voided = [...(l.voided ?? []), ...stale.map((e) => voided(e, s.contentHash, at))];
    if (l.status === 'done') l.status = 'created';
    l.completedAt = undefined;
    for (const e of stale) {
      s.audit.push(voidEntry(e, l.level, s.contentHash, at));
      const signer = l.signers.find((x) => x.id === e.userId);
      voidedSigners.push({ id: e.userId, name: e.name, email: signer?.email ?? '' });
    }
  }
  if (first === undefined) return undefined;
  if (first < s.stage) {
    for (const l of s.levels.slice(first - 1, s.stage)) {
      l.status = 'created';
      l.completedAt = undefined;
    }
    s.stage = first;
  }
  const seen = new Set<string>();
  const recipients = voidedSigners.filter((p) => p.email && !seen.has(p.id) && seen.add(p.id));
  fx.push({ type: 'notifySignaturesVoided', level: first, changed: contentChanges(before, s), recipients });
  return first;
}

function voided(e: SignedEntry, voidedFor: string, at: string): VoidedSignature {
  return { ...e, voidedAt: at, voidedFor };
}

function voidEntry(e: SignedEntry, level: number, hashNow: string, at: string): AuditEntry {
  return {
    at,
    actorId: e.userId,
    action: 'signatureVoided',
    level,
    detail: `signed over ${e.contentHash.slice(0, 12)}, content now ${hashNow.slice(0, 12)}`,
    signedOver: e.contentHash.slice(0, 12),
    contentNow: hashNow.slice(0, 12),
  };
}
