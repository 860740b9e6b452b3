import type { CertificateLevel, CertificateState, CertificateStatus, LevelStatus, Priority } from '@grain/domain';

/** One card of the certificate list (spec 000 §2 "Approval list"). */
export interface CertificateSummary {
  id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  status: CertificateStatus;
  overdue: boolean;
  stage: number;
  /** Group of the current level, and the names of its signers who have not signed yet. */
  currentGroup: string | null;
  assignees: string[];
  docType: string | null;
  deadline: string | null;
  submitter: { id: string; name: string };
  levels: Array<{ level: number; group: string; status: LevelStatus; signatures: number; signedCount: number; overdue: boolean; deadline: string | null }>;
  version: number;
  updatedAt: string;
}

export interface CertificateRow {
  id: string;
  company_id: string;
  approval_number: string;
  approval_name: string;
  priority: Priority;
  status: CertificateStatus;
  stage: number;
  submitter_id: string;
  submitter_name: string;
  deadline: Date | string | null;
  overdue: boolean;
  version: number;
  state: CertificateState | string;
  updated_at: Date | string;
}

const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());

/** Principals (delegator for a delegate) who signed; a delegate's signature counts for its delegator. */
function signedPrincipals(l: CertificateLevel): Set<string> {
  return new Set(l.signed.map((e) => e.onBehalfOf ?? e.userId));
}

export function levelRows(s: CertificateState) {
  return s.levels.map((l) => ({
    certificate_id: s.id, level: l.level, level_id: l.id, group_name: l.group, status: l.status, signatures: l.signatures,
    signed_count: signedPrincipals(l).size, deadline: l.deadline || null, overdue: l.overdue,
    signer_ids: l.signers.map((x) => x.id), signed_ids: l.signed.map((x) => x.userId),
    signers: JSON.stringify(l.signers), signed: JSON.stringify(l.signed), comments: JSON.stringify(l.comments),
  }));
}

export function fromRow(r: CertificateRow, levels: Array<Record<string, any>>): CertificateSummary {
  const state: CertificateState = typeof r.state === 'string' ? JSON.parse(r.state) : r.state;
  const cur = state.stage > 0 ? state.levels[state.stage - 1] : undefined;
  const done = cur ? signedPrincipals(cur) : new Set<string>();
  return {
    id: r.id, approvalNumber: r.approval_number, approvalName: r.approval_name, priority: r.priority, status: r.status,
    overdue: r.overdue, stage: r.stage, currentGroup: cur?.group ?? null,
    assignees: cur ? cur.signers.filter((x) => !done.has(x.delegatedBy ?? x.id) && x.id !== state.submitter.id).map((x) => x.name) : [],
    docType: state.approvalDoc?.docType ?? null, deadline: iso(r.deadline), submitter: { id: r.submitter_id, name: r.submitter_name },
    levels: levels.map((l) => ({
      level: Number(l.level), group: l.group_name, status: l.status, signatures: Number(l.signatures), signedCount: Number(l.signed_count),
      overdue: !!l.overdue, deadline: iso(l.deadline),
    })),
    version: Number(r.version), updatedAt: iso(r.updated_at)!,
  };
}
