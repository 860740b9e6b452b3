/**
 * A corrective action: one non-compliant (or reviewer-flagged) check of a finished compliance audit
 * turned into tracked work — an owner fixes it by a due time and shows evidence, someone else who may
 * verify accepts the fix or reopens it with a reason. Its life is the machine in machine.ts; the
 * workflow (workflows/src/corrective-action) only wires Updates and timers around it.
 */

/** How bad a finding is; decides the default due period (DEFAULT_DUE_DAYS) and what certificates are told. */
export const ACTION_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type ActionSeverity = (typeof ACTION_SEVERITIES)[number];

/** Default days from creation to due, per severity (editable when the action is created). */
export const DEFAULT_DUE_DAYS: Record<ActionSeverity, number> = { critical: 7, major: 30, minor: 90 };

/**
 * open → in_progress → fix_submitted → verified (closed), or fix_submitted → reopened (→ in_progress
 * or straight to fix_submitted again).
 */
export const ACTION_STATUSES = ['open', 'in_progress', 'fix_submitted', 'reopened', 'verified'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Statuses in which the owner still has work to do (the due time and its timers apply). */
export const OWNER_WORK_STATUSES: readonly ActionStatus[] = ['open', 'in_progress', 'reopened'];

export interface ActionPerson {
  id: string;
  name: string;
}

/** The audit check the action is about, copied from the report when the action is made. */
export interface ActionFinding {
  complianceId: string;
  /** Position of the check in the report's compliance_audit list. */
  checkIndex: number;
  check: string;
  result: 'Compliant' | 'Non-Compliant';
  requirement: string;
  evidence: string;
  recommendations: string;
  /** A regulation or policy reference named in the requirement (e.g. "Codex CXC 1-1969"), when there is one. */
  policyRef: string | null;
  /** The reviewer chose a check the auditor found compliant. */
  flagged: boolean;
}

/** The farm the audit was of: the establishment's registration number, else its name (farmOfEstablishment). */
export interface ActionFarm {
  key: string;
  name: string;
}

/** A stored file of evidence, bound by its hash; immutable once its fix is submitted. */
export interface EvidenceRef {
  id: string;
  fileName: string;
  mime: string;
  size: number;
  sha256: string;
}

export interface ActionFix {
  round: number;
  at: string;
  by: ActionPerson;
  note: string;
  evidence: EvidenceRef[];
  /** Set when the fix was judged. */
  outcome?: { verdict: 'verified' | 'reopened'; at: string; by: ActionPerson; reason?: string };
}

/** Reminder timing: tests use seconds, production the defaults (DEFAULT_ACTION_TIMING). */
export interface ActionTiming {
  /** Offsets before the due time at which the owner is reminded. */
  reminderOffsetsMs: number[];
  /** How long after the due time the action is escalated to the managers. */
  escalateAfterMs: number;
}

export const DEFAULT_ACTION_TIMING: ActionTiming = {
  reminderOffsetsMs: [3 * 24 * 3_600_000, 24 * 3_600_000],
  escalateAfterMs: 2 * 24 * 3_600_000,
};

export const ACTION_AUDIT_EVENTS = [
  'created',
  'started',
  'fixSubmitted',
  'verified',
  'reopened',
  'reassigned',
  'redated',
  'reminded',
  'overdue',
  'escalated',
] as const;
export type ActionAuditEvent = (typeof ACTION_AUDIT_EVENTS)[number];

export interface ActionAuditEntry {
  at: string;
  actorId: string;
  event: ActionAuditEvent;
  detail?: string;
}

export interface CorrectiveActionState {
  id: string;
  companyId: string;
  farm: ActionFarm;
  finding: ActionFinding;
  severity: ActionSeverity;
  status: ActionStatus;
  owner: ActionPerson;
  createdBy: ActionPerson;
  createdAt: string;
  /** ISO time the fix is due. */
  dueAt: string;
  timing: ActionTiming;
  /** Keys of the reminder offsets already sent for the current due time. */
  remindersSent: number[];
  overdue: boolean;
  escalated: boolean;
  fixes: ActionFix[];
  closedAt: string | null;
  /** Counts every change: the read model keeps the highest, so a late write never moves a row back. */
  version: number;
  audit: ActionAuditEntry[];
}

export type ActionCommand =
  | { type: 'start'; actor: ActionPerson; at: string }
  | { type: 'submitFix'; actor: ActionPerson; at: string; note: string; evidence: EvidenceRef[] }
  | { type: 'verify'; actor: ActionPerson; at: string }
  | { type: 'reopen'; actor: ActionPerson; at: string; reason: string }
  | { type: 'reassign'; actor: ActionPerson; at: string; owner: ActionPerson }
  | { type: 'redate'; actor: ActionPerson; at: string; dueAt: string }
  | { type: 'timer'; at: string; event: ActionTimerKind; offsetMs?: number };
export type ActionCommandType = ActionCommand['type'];

export type ActionTimerKind = 'reminder' | 'overdue' | 'escalate';

/** Who a mail goes to: the owner, everyone who may verify (not the owner), or the managers (escalation). */
export type ActionRecipients = 'owner' | 'verifiers' | 'managers';

export const ACTION_MAIL_KINDS = ['assigned', 'reminder', 'overdue', 'escalated', 'fixSubmitted', 'verified', 'reopened', 'redated'] as const;
export type ActionMailKind = (typeof ACTION_MAIL_KINDS)[number];

export type ActionEffect = { type: 'mail'; kind: ActionMailKind; to: ActionRecipients; detail?: string };

export interface ActionTransition {
  state: CorrectiveActionState;
  effects: ActionEffect[];
}
