import type { CertificateLevel, CertificateState, CertificateStatus, LevelStatus, Priority } from '@grain/domain';

/** One card of the certificate list (docs/spec/approvals.md §2 "Approval list"). */
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

/**
 * A timestamptz as the ISO text JavaScript's toISOString() gives (UTC, milliseconds, 'Z'), formatted
 * by Postgres: the list hands dates on as text, so no Date is parsed and formatted again per row.
 */
const isoSql = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One list card as a JSON object: the columns a card shows (not the whole certificate in `state`, except
 * the approval document's type) and its levels; the current level also brings its signers and
 * signatures, the assignees come from them. The store keeps this JSON, as cardOf() builds it, in
 * `certificates.list_card` (migration 009) on every write, so a list page reads stored text instead of
 * building JSON per row and level (bench/RESULTS.md "(e)"). This SQL builds the same card from the rows
 * for rows written before 009 or by bulk SQL (the list's fallback, and refreshListCards()).
 * `c` is the certificates row, `l` its level rows.
 */
export const LIST_CARD_SQL = `json_build_object(
  'id', c.id, 'approvalNumber', c.approval_number, 'approvalName', c.approval_name, 'priority', c.priority,
  'status', c.status, 'overdue', c.overdue, 'stage', c.stage, 'docType', c.state->'approvalDoc'->>'docType',
  'deadline', ${isoSql('c.deadline')}, 'submitterId', c.submitter_id, 'submitterName', c.submitter_name,
  'version', c.version, 'updatedAt', ${isoSql('c.updated_at')},
  'levels', coalesce((select json_agg(json_build_object(
      'level', l.level, 'group', l.group_name, 'status', l.status, 'signatures', l.signatures, 'signedCount', l.signed_count,
      'overdue', l.overdue, 'deadline', ${isoSql('l.deadline')},
      'signers', case when l.level = c.stage then l.signers end, 'signed', case when l.level = c.stage then l.signed end
    ) order by l.level) from certificate_levels l where l.certificate_id = c.id), '[]'::json))`;

/** A card as cardOf() and LIST_CARD_SQL build it. */
export interface CardJson {
  id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  status: CertificateStatus;
  overdue: boolean;
  stage: number;
  docType: string | null;
  deadline: string | null;
  submitterId: string;
  submitterName: string;
  version: number;
  updatedAt: string;
  levels: Array<CertificateSummary['levels'][number] & { signers: CertificateLevel['signers'] | null; signed: CertificateLevel['signed'] | null }>;
}

/** Principals (delegator for a delegate) who signed; a delegate's signature counts for its delegator. */
function signedPrincipals(l: CertificateLevel): Set<string> {
  return new Set(l.signed.map((e) => e.onBehalfOf ?? e.userId));
}

export function levelRows(s: CertificateState) {
  return s.levels.map((l) => ({
    certificate_id: s.id,
    level: l.level,
    level_id: l.id,
    group_name: l.group,
    status: l.status,
    signatures: l.signatures,
    signed_count: signedPrincipals(l).size,
    deadline: l.deadline || null,
    overdue: l.overdue,
    signer_ids: l.signers.map((x) => x.id),
    signed_ids: l.signed.map((x) => x.userId),
    signers: JSON.stringify(l.signers),
    signed: JSON.stringify(l.signed),
    comments: JSON.stringify(l.comments),
  }));
}

const isoOrNull = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** The card of a certificate as it is written (`updatedAt` is the row's updated_at); equal to LIST_CARD_SQL's. */
export function cardOf(s: CertificateState, updatedAt: string): CardJson {
  return {
    id: s.id,
    approvalNumber: s.approvalNumber,
    approvalName: s.approvalName,
    priority: s.priority,
    status: s.status,
    overdue: s.overdue,
    stage: s.stage,
    docType: s.approvalDoc?.docType ?? null,
    deadline: isoOrNull(s.deadline),
    submitterId: s.submitter.id,
    submitterName: s.submitter.name,
    version: s.version,
    updatedAt,
    levels: [...s.levels]
      .sort((a, b) => a.level - b.level)
      .map((l) => ({
        level: l.level,
        group: l.group,
        status: l.status,
        signatures: l.signatures,
        signedCount: signedPrincipals(l).size,
        overdue: l.overdue,
        deadline: isoOrNull(l.deadline),
        signers: l.level === s.stage ? l.signers : null,
        signed: l.level === s.stage ? l.signed : null,
      })),
  };
}

/** The summary of a card: the current level's group and the names of its signers who have not signed yet. */
export function fromCard(c: CardJson): CertificateSummary {
  const cur = c.stage > 0 ? c.levels.find((l) => l.level === c.stage) : undefined;
  const done = new Set((cur?.signed ?? []).map((e) => e.onBehalfOf ?? e.userId));
  return {
    id: c.id,
    approvalNumber: c.approvalNumber,
    approvalName: c.approvalName,
    priority: c.priority,
    status: c.status,
    overdue: c.overdue,
    stage: c.stage,
    currentGroup: cur?.group ?? null,
    assignees: cur ? (cur.signers ?? []).filter((x) => !done.has(x.delegatedBy ?? x.id) && x.id !== c.submitterId).map((x) => x.name) : [],
    docType: c.docType ?? null,
    deadline: c.deadline,
    submitter: { id: c.submitterId, name: c.submitterName },
    levels: c.levels.map((l) => ({
      level: l.level,
      group: l.group,
      status: l.status,
      signatures: l.signatures,
      signedCount: l.signedCount,
      overdue: l.overdue,
      deadline: l.deadline,
    })),
    version: c.version,
    updatedAt: c.updatedAt,
  };
}
