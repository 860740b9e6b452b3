/**
 * The corrective-action answers on the wire, written once: the API builds them with these functions and
 * the UI reads the same types.
 */
import type { Actor } from '../permissions';
import { can } from '../permissions';
import { isOpenAction, isOwnerWork } from './machine';
import type {
  ActionAuditEntry,
  ActionFarm,
  ActionFinding,
  ActionFix,
  ActionPerson,
  ActionSeverity,
  ActionStatus,
  CorrectiveActionState,
  EvidenceRef,
} from './types';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (an open action's age, or how long a closed one took). */
export function ageDays(from: string, to: string): number {
  return Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / DAY_MS));
}

/** What a viewer may do with an action now (the server checks the same again; the UI shows buttons by it). */
export interface ActionAllowed {
  start: boolean;
  submitFix: boolean;
  verify: boolean;
  reopen: boolean;
  reassign: boolean;
  redate: boolean;
}

export function actionAllowed(s: CorrectiveActionState, viewer: Actor): ActionAllowed {
  const owner = viewer.id === s.owner.id;
  const judge = !owner && can(viewer, 'verifyCorrectiveAction') && s.status === 'fix_submitted';
  const manage = isOpenAction(s) && can(viewer, 'createCorrectiveAction');
  return {
    start: owner && (s.status === 'open' || s.status === 'reopened'),
    submitFix: owner && isOwnerWork(s),
    verify: judge,
    reopen: judge,
    reassign: manage,
    redate: manage,
  };
}

/** One row of a list: enough to show the action and its state. */
export interface CorrectiveActionRowView {
  id: string;
  farm: ActionFarm;
  complianceId: string;
  checkIndex: number;
  check: string;
  severity: ActionSeverity;
  status: ActionStatus;
  owner: ActionPerson;
  dueAt: string;
  overdue: boolean;
  escalated: boolean;
  createdAt: string;
  closedAt: string | null;
  /** Days open so far, or days it took to close. */
  ageDays: number;
}

export interface EvidenceView extends EvidenceRef {
  /** Where the file is read (the caller's session decides). */
  url: string;
}

export interface ActionFixView extends Omit<ActionFix, 'evidence'> {
  evidence: EvidenceView[];
}

export interface CorrectiveActionView extends CorrectiveActionRowView {
  finding: ActionFinding;
  createdBy: ActionPerson;
  fixes: ActionFixView[];
  audit: ActionAuditEntry[];
  allowed: ActionAllowed;
}

/** What a view needs of a stored action beyond its state (none yet; the state is the record). */
export function actionRowView(s: CorrectiveActionState, now: string): CorrectiveActionRowView {
  return {
    id: s.id,
    farm: s.farm,
    complianceId: s.finding.complianceId,
    checkIndex: s.finding.checkIndex,
    check: s.finding.check,
    severity: s.severity,
    status: s.status,
    owner: s.owner,
    dueAt: s.dueAt,
    overdue: s.overdue,
    escalated: s.escalated,
    createdAt: s.createdAt,
    closedAt: s.closedAt,
    ageDays: ageDays(s.createdAt, s.closedAt ?? now),
  };
}

/** The action's page in the app (mails link here; signing in first if needed). */
export const correctiveActionPath = (actionId: string) => `/views/corrective-actions/detail?id=${encodeURIComponent(actionId)}`;

export const evidencePath = (actionId: string, evidenceId: string) => `/api/corrective-actions/${actionId}/evidence/${evidenceId}`;

export function actionView(s: CorrectiveActionState, viewer: Actor, now: string): CorrectiveActionView {
  return {
    ...actionRowView(s, now),
    finding: s.finding,
    createdBy: s.createdBy,
    fixes: s.fixes.map((f) => ({ ...f, evidence: f.evidence.map((e) => ({ ...e, url: evidencePath(s.id, e.id) })) })),
    audit: s.audit,
    allowed: actionAllowed(s, viewer),
  };
}

/** GET corrective-actions/:id and every step's answer. */
export interface CorrectiveActionAnswer {
  action: CorrectiveActionView;
}

/** GET corrective-actions (filters: status, compliance, severity). */
export interface CorrectiveActionListAnswer {
  actions: CorrectiveActionRowView[];
}

/** POST corrective-actions: the actions made from the audit's findings. */
export interface CreateCorrectiveActionsAnswer {
  created: CorrectiveActionRowView[];
}

/** Age bands of the company view's chart (days open). */
export const AGE_BANDS = [
  { label: '0-7', max: 7 },
  { label: '8-30', max: 30 },
  { label: '31-90', max: 90 },
  { label: '90+', max: Infinity },
] as const;

/** GET corrective-actions/summary: the company view's counts and ages. */
export interface CorrectiveActionSummaryAnswer {
  counts: { open: number; overdue: number; fixSubmitted: number; closed: number };
  bySeverity: Record<ActionSeverity, { open: number; closed: number }>;
  /** Open actions per age band (AGE_BANDS). */
  openByAge: Array<{ band: string; count: number }>;
  oldestOpenDays: number | null;
  /** Average days from creation to verification over closed actions. */
  averageDaysToClose: number | null;
}

export function actionSummary(states: CorrectiveActionState[], now: string): CorrectiveActionSummaryAnswer {
  const open = states.filter(isOpenAction);
  const closed = states.filter((s) => !isOpenAction(s));
  const ages = open.map((s) => ageDays(s.createdAt, now));
  const bySeverity = { critical: { open: 0, closed: 0 }, major: { open: 0, closed: 0 }, minor: { open: 0, closed: 0 } };
  for (const s of states) bySeverity[s.severity][isOpenAction(s) ? 'open' : 'closed']++;
  let prev = -1;
  const openByAge = AGE_BANDS.map((b) => {
    const count = ages.filter((a) => a > prev && a <= b.max).length;
    prev = b.max;
    return { band: b.label, count };
  });
  const took = closed.map((s) => ageDays(s.createdAt, s.closedAt ?? now));
  return {
    counts: {
      open: open.length,
      overdue: open.filter((s) => s.overdue).length,
      fixSubmitted: open.filter((s) => s.status === 'fix_submitted').length,
      closed: closed.length,
    },
    bySeverity,
    openByAge,
    oldestOpenDays: ages.length ? Math.max(...ages) : null,
    averageDaysToClose: took.length ? Math.round((took.reduce((a, b) => a + b, 0) / took.length) * 10) / 10 : null,
  };
}

/** GET corrective-actions/waiting: what the caller owns (to fix) and must judge (to verify). */
export interface WaitingActionsAnswer {
  toFix: CorrectiveActionRowView[];
  toVerify: CorrectiveActionRowView[];
}

/** One check of an audit with its action, and what earlier actions on the same farm and check came to. */
export interface AuditCheckActions {
  index: number;
  check: string;
  result: 'Compliant' | 'Non-Compliant';
  action: CorrectiveActionRowView | null;
  /** Actions from earlier audits of the same farm on this check; fixed: this audit finds it compliant. */
  earlier: Array<CorrectiveActionRowView & { fixed: boolean }>;
}

/** GET corrective-actions/audit/:complianceId. */
export interface AuditActionsAnswer {
  farm: ActionFarm | null;
  checks: AuditCheckActions[];
}

/** GET corrective-actions/open-critical: what signers of a certificate are told (information, not a block). */
export interface OpenCriticalActionsAnswer {
  actions: CorrectiveActionRowView[];
}

/** GET corrective-actions/owners: who an action may be given to (active users of the company who may own actions). */
export interface ActionOwnersAnswer {
  owners: ActionPerson[];
}

/** POST corrective-actions/:id/evidence: a file stored for the next fix (removable until it is submitted). */
export interface EvidenceUploadAnswer {
  evidence: EvidenceView;
}
