/**
 * Building a certificate state from a draft, applying edits, checking a chain's set-up and hashing
 * the signable content. Pure; used by the machine and by the API when it saves drafts.
 */
import { DEFAULT_PRIORITY, DEFAULT_REMINDER_OFFSETS_MS, DEFAULT_OVERDUE_REPEAT_MS, MAX_SIGNATURES, MIN_SIGNATURES } from '../constants';
import { AppError } from '../errors';
import { levelIdOf } from '../ids';
import { canonicalJson, sha256Hex } from './sha256';
import type { CertificateChanges, CertificateDraft, CertificateLevel, CertificateState, LevelDraft, ReminderConfig } from './types';

export function reminderConfig(r?: Partial<ReminderConfig>): ReminderConfig {
  return {
    offsetsMs: (r?.offsetsMs ?? DEFAULT_REMINDER_OFFSETS_MS).filter((n) => Number.isFinite(n) && n > 0),
    overdueRepeatMs: r?.overdueRepeatMs && r.overdueRepeatMs > 0 ? r.overdueRepeatMs : DEFAULT_OVERDUE_REPEAT_MS,
  };
}

function levelFromDraft(certId: string, d: LevelDraft, index: number): CertificateLevel {
  return {
    id: d.id || levelIdOf(certId, index + 1),
    level: index + 1,
    group: d.group,
    signers: dedupeById(d.signers.map((s) => ({ ...s }))),
    signed: [],
    signatures: d.signatures,
    deadline: d.deadline,
    status: 'created',
    comments: [],
    delegations: [],
    overdue: false,
  };
}

function dedupeById<T extends { id: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}

/**
 * The form of the content hash, hashed with the content: there is one form (before the first release no
 * certificate carries another; docs/CONTRIBUTING.md "Changing the workflow"). A change to what the hash
 * covers raises it.
 */
const CONTENT_HASH_VERSION = 3;

/**
 * The signable content: what a signer's OTP, a personal digital signature and the issued PDF are bound
 * to. Signatures are not part of it. It covers the certificate's facts, the farm record as copied (its
 * facts, its standard check and the sha256 of its grain photo), each support document as held (its id,
 * name, file version and the sha256 of that version's bytes) and the chain's structure (each level's
 * group and required signatures), but not who is asked to sign by when: those are the running work's
 * arrangements, changed in flight without voiding a signature (and recorded in the audit trail).
 */
export function certificateContentHash(
  s: Pick<CertificateState, 'approvalNumber' | 'approvalName' | 'priority' | 'summary' | 'companyId' | 'submitter' | 'approvalDoc' | 'supportDocs' | 'levels'>,
): string {
  return sha256Hex(
    canonicalJson({
      hashVersion: CONTENT_HASH_VERSION,
      approvalNumber: s.approvalNumber,
      approvalName: s.approvalName,
      priority: s.priority,
      summary: s.summary,
      companyId: s.companyId,
      submitterId: s.submitter.id,
      // the whole copied record: its photo's and each document's sha256 ride along with their other fields
      approvalDoc: s.approvalDoc,
      supportDocs: s.supportDocs,
      levels: s.levels.map((l) => ({ level: l.level, group: l.group, signatures: l.signatures })),
    }),
  );
}

/** A new certificate in status created (a draft). */
export function createCertificate(d: CertificateDraft): CertificateState {
  const levels = d.levels.map((l, i) => levelFromDraft(d.id, l, i));
  const s: CertificateState = {
    id: d.id,
    approvalNumber: d.approvalNumber,
    approvalName: d.approvalName,
    priority: d.priority ?? DEFAULT_PRIORITY,
    summary: d.summary ?? '',
    status: 'created',
    stage: 0,
    companyId: d.companyId,
    submitter: { ...d.submitter },
    approvalDoc: d.approvalDoc ?? null,
    supportDocs: d.supportDocs ?? [],
    levels,
    deadline: levels.length ? levels[levels.length - 1].deadline : '',
    version: 0,
    overdue: false,
    reminders: reminderConfig(d.reminders),
    escalateTo: d.escalateTo ?? [],
    contentHash: '',
    audit: [],
  };
  s.contentHash = certificateContentHash(s);
  return s;
}

/**
 * The chain must be signable: at least one level, 1..10 required signatures, a valid due time, and
 * enough distinct signers other than the submitter (who may not sign their own certificate).
 */
export function assertChainSignable(s: CertificateState): void {
  if (s.levels.length === 0) throw new AppError('LEVELS_REQUIRED');
  for (const l of s.levels) {
    if (!Number.isInteger(l.signatures) || l.signatures < MIN_SIGNATURES || l.signatures > MAX_SIGNATURES) {
      throw new AppError('INVALID_SIGNATURE_COUNT', { level: l.level });
    }
    if (!l.deadline || Number.isNaN(Date.parse(l.deadline))) throw new AppError('INVALID_DATE', { level: l.level });
    const eligible = new Set(l.signers.filter((x) => x.id !== s.submitter.id).map((x) => x.delegatedBy ?? x.id));
    if (eligible.size < l.signatures) throw new AppError('SIGNATURES_EXCEED_SIGNERS', { level: l.level });
  }
}

/**
 * Applies an edit. Levels before the current stage (already signed and not sent back) are kept as
 * they are; the levels from the stage on are replaced by the edited ones.
 */
export function applyChanges(s: CertificateState, c: CertificateChanges): void {
  if (c.approvalName !== undefined) s.approvalName = c.approvalName;
  if (c.priority !== undefined) s.priority = c.priority;
  if (c.summary !== undefined) s.summary = c.summary;
  if (c.approvalDoc !== undefined) s.approvalDoc = c.approvalDoc;
  if (c.supportDocs !== undefined) s.supportDocs = c.supportDocs;
  if (c.reminders !== undefined) s.reminders = reminderConfig({ ...s.reminders, ...c.reminders });
  if (c.levels !== undefined) {
    const keep = Math.max(0, s.stage - 1);
    const kept = s.levels.slice(0, keep);
    const edited = c.levels.slice(keep).map((l, i) => levelFromDraft(s.id, l, keep + i));
    if (s.stage > 0 && edited.length > 0) {
      const old = s.levels[keep];
      edited[0].status = old?.status ?? 'rejected';
      edited[0].startedAt = old?.startedAt;
    }
    s.levels = [...kept, ...edited];
    if (s.stage > s.levels.length) throw new AppError('INVALID_LEVEL');
  }
  s.deadline = s.levels.length ? s.levels[s.levels.length - 1].deadline : '';
  s.contentHash = certificateContentHash(s);
}
