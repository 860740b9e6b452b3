/**
 * The certificate as the API answers it (spec 000 §3 names: _id, approvalNumber, approvalLevels, ...).
 * The UI reads exactly these shapes (ui/src/features/certificates/api.ts); keep both in step.
 */
import { currentLevel, pendingSigners, signedPrincipals, type Actor, type CertificateState, type CertificateStatus } from '@grain/domain';
import type { CertificateListStatus, CertificateSummary } from '@grain/persistence';

/** The list toggles (spec 000 §2) and the statuses each covers; an overdue certificate shows only as overdue. */
export const TOGGLES = ['overdue', 'pending', 'approved', 'signing', 'created'] as const;
export type Toggle = (typeof TOGGLES)[number];
export const TOGGLE_STATUSES: Record<Toggle, CertificateListStatus[]> = {
  overdue: ['overdue'],
  pending: ['pending'],
  approved: ['done'],
  signing: ['signing', 'rejected'],
  created: ['created'],
};
export function toggleCounts(c: Record<CertificateListStatus, number>): Record<Toggle, number> {
  return { overdue: c.overdue, pending: c.pending, approved: c.done, signing: c.signing + c.rejected, created: c.created };
}

const splitName = (name: string) => {
  const [firstname, ...rest] = name.split(' ');
  return { firstname: firstname ?? '', lastname: rest.join(' '), fullName: name };
};
const displayStatus = (status: CertificateStatus, overdue: boolean) =>
  overdue && status !== 'done' && status !== 'cancelled' && status !== 'created' ? 'overdue' : status;

/** What the viewer may do now; the workflow and the API enforce it again on every call. */
export function permissionsOf(s: CertificateState, viewer: Actor, hasSignature: boolean) {
  const l = currentLevel(s);
  const active = s.status === 'signing' || s.status === 'pending' || s.status === 'rejected';
  const mayAct = !!l && active && pendingSigners(s, l).some((x) => x.id === viewer.id) && !l.signed.some((e) => e.userId === viewer.id);
  const owner = viewer.id === s.submitter.id || viewer.role === 'admin';
  const has = (p: string) => viewer.role === 'admin' || viewer.permissions.includes(p as never);
  return {
    edit: owner && has('editApproval') && (s.status === 'created' || s.status === 'rejected'),
    sign: mayAct && has('signApproval'),
    reject: mayAct && has('signApproval'),
    delegate: mayAct && has('signApproval') && l?.status !== 'done',
    delete: owner && (has('deleteApproval') || has('editApproval')) && s.status !== 'done' && s.status !== 'cancelled',
    getCert: s.status === 'done',
    signaturePassword: hasSignature,
  };
}

export function toApprovalView(s: CertificateState, extra: { viewer?: Actor; hasSignature?: boolean; names?: Map<string, string> } = {}) {
  const cur = currentLevel(s);
  return {
    _id: s.id,
    approvalNumber: s.approvalNumber,
    approvalName: s.approvalName,
    priority: s.priority,
    stage: cur?.id ?? null,
    stageLevel: s.stage,
    status: s.status,
    displayStatus: displayStatus(s.status, s.overdue),
    overdue: s.overdue,
    company: s.companyId,
    summary: s.summary,
    deadline: s.deadline,
    startDate: s.startDate,
    completedDate: s.completedDate,
    submitter: { _id: s.submitter.id, ...splitName(s.submitter.name) },
    approvalDoc: s.approvalDoc ? { _id: s.approvalDoc.id, docName: s.approvalDoc.name, docType: s.approvalDoc.docType, description: s.approvalDoc.description, farm: s.approvalDoc.farm } : null,
    supportDocs: s.supportDocs.map((d) => ({ _id: d.id, docName: d.name, docType: d.docType, description: d.description, uploadUser: d.uploadedBy, uploadDate: d.uploadedAt, url: d.url })),
    approvalLevels: s.levels.map((l) => ({
      _id: l.id,
      level: l.level,
      group: l.group,
      signers: l.signers.map((x) => ({ _id: x.id, fullName: x.name, email: x.email, role: x.role, delegatedBy: x.delegatedBy })),
      signed: [...signedPrincipals(l)],
      signedEntries: l.signed.map((e) => ({ userId: e.userId, name: e.name, at: e.at, note: e.note, onBehalfOf: e.onBehalfOf, txId: e.txId })),
      signatures: l.signatures,
      deadline: l.deadline,
      status: l.status,
      comments: l.comments,
      overdue: l.overdue,
    })),
    contentHash: s.contentHash,
    chainId: s.chainId,
    version: s.version,
    audit: s.audit.map((a) => ({ ...a, actorName: extra.names?.get(a.actorId) ?? (a.actorId === 'system' ? 'system' : undefined) })),
    ...(extra.viewer ? { can: permissionsOf(s, extra.viewer, !!extra.hasSignature) } : {}),
  };
}

/** A list card from the read model's summary row (no audit, no documents). */
export function summaryView(c: CertificateSummary) {
  return {
    _id: c.id,
    approvalNumber: c.approvalNumber,
    approvalName: c.approvalName,
    priority: c.priority,
    stage: null,
    stageLevel: c.stage,
    status: c.status,
    displayStatus: displayStatus(c.status, c.overdue),
    overdue: c.overdue,
    summary: '',
    deadline: c.deadline ?? '',
    submitter: { _id: c.submitter.id, ...splitName(c.submitter.name) },
    approvalDoc: c.docType ? { _id: '', docName: '', docType: c.docType } : null,
    supportDocs: [],
    currentGroup: c.currentGroup,
    assignees: c.assignees,
    approvalLevels: c.levels.map((l) => ({
      _id: `${c.id}-L${l.level}`, level: l.level, group: l.group, signers: [], signed: Array.from({ length: l.signedCount }, (_v, i) => String(i)),
      signedEntries: [], signatures: l.signatures, deadline: l.deadline ?? '', status: l.status, comments: [], overdue: l.overdue,
    })),
    version: c.version,
  };
}
