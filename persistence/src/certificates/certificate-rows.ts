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
  /** The approval document's type, read out of `state` by the list query. */
  doc_type: string | null;
  updated_at: Date | string;
}

/**
 * What the list reads: the row's columns without `state` (the whole certificate as JSON; parsing it for
 * every row of every page was most of a list request's cost, bench/RESULTS.md "(e)"), and of the level
 * rows what a card shows plus the signers and signatures the current level's assignees come from.
 */
export const LIST_COLUMNS = [
  'id', 'company_id', 'approval_number', 'approval_name', 'priority', 'status', 'stage', 'submitter_id', 'submitter_name', 'deadline',
  'overdue', 'version', 'updated_at',
];
export const LIST_DOC_TYPE = "state->'approvalDoc'->>'docType' as doc_type";
export const LIST_LEVEL_COLUMNS = ['certificate_id', 'level', 'group_name', 'status', 'signatures', 'signed_count', 'deadline', 'overdue', 'signers', 'signed'];
const json = <T>(v: T | string | null | undefined, dflt: T): T => (v == null ? dflt : typeof v === 'string' ? JSON.parse(v) : v);

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
  const stage = Number(r.stage);
  const cur = stage > 0 ? levels.find((l) => Number(l.level) === stage) : undefined;
  const signers = json<CertificateLevel['signers']>(cur?.signers, []);
  const done = new Set(json<CertificateLevel['signed']>(cur?.signed, []).map((e) => e.onBehalfOf ?? e.userId));
  return {
    id: r.id, approvalNumber: r.approval_number, approvalName: r.approval_name, priority: r.priority, status: r.status,
    overdue: r.overdue, stage, currentGroup: cur?.group_name ?? null,
    assignees: cur ? signers.filter((x) => !done.has(x.delegatedBy ?? x.id) && x.id !== r.submitter_id).map((x) => x.name) : [],
    docType: r.doc_type ?? null, deadline: iso(r.deadline), submitter: { id: r.submitter_id, name: r.submitter_name },
    levels: levels.map((l) => ({
      level: Number(l.level), group: l.group_name, status: l.status, signatures: Number(l.signatures), signedCount: Number(l.signed_count),
      overdue: !!l.overdue, deadline: iso(l.deadline),
    })),
    version: Number(r.version), updatedAt: iso(r.updated_at)!,
  };
}
