/**
 * The certificate machine: transition(state, command) -> { state, effects }. Pure and deterministic
 * (the workflow runs it; validators run it to refuse a command before it enters history). A refused
 * command throws AppError with a message code and leaves the given state untouched.
 *
 * Rules (docs/spec/approvals.md §4-§6):
 * - a level completes when its count of distinct principals (a delegate counts for its delegator)
 *   reaches the required signatures; the stage moves on; the last level completes the certificate;
 * - only a signer of the current level whose principal has not signed may sign, reject or delegate,
 *   never on a done, cancelled or draft certificate; the submitter may not sign their own certificate;
 * - reject to the current level clears its signatures; to an earlier level clears signatures from the
 *   target on, moves the stage there and sets status rejected; to the submitter (SUBMITTER_LEVEL, 0)
 *   does the same from level 1; to a later level: CANNOT_MOVE_FORWARD;
 * - a signature records the content hash it was made over; a content change while rejected voids every
 *   signature over other content and signing restarts at the first level that lost one
 *   (signature-binding.ts), so a completed certificate carries only signatures over its final content;
 * - delegate adds signers acting on behalf of the delegator and appends the comment "name: text";
 * - a passed deadline marks the current level and the certificate overdue (escalation once per level);
 * - in flight, the submitter, an admin or a holder of manageApproval may change the due time or the signers of the current
 *   or a later level (never removing one who signed; the certificate's hash does not cover them), and
 *   send a reminder or an escalation by hand, at most once an hour per level each;
 * - a withdrawal tells everyone who signed or is asked to sign, with its reason.
 */
import { AppError } from '../errors';
import { assertMayCancel, assertMayManageInFlight, assertOwnerOrAdmin } from './access';
import { applyChanges, assertChainSignable, certificateContentHash } from './build';
import { contentChanges, voidSignaturesOverOtherContent } from './signature-binding';
import type {
  AuditEntry,
  CertificateCommand,
  CertificateEffect,
  CertificateLevel,
  CertificateState,
  CommandActor,
  Person,
  Signer,
  TransitionResult,
} from './types';

type Cmd<T extends CertificateCommand['type']> = Extract<CertificateCommand, { type: T }>;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * The reject target that sends a certificate back to its submitter (to update and resubmit) without
 * naming a level: every signature is cleared and signing starts again at level 1. A reject to an
 * earlier level also waits for the submitter's resubmit; a reject to the current level does not.
 */
export const SUBMITTER_LEVEL = 0;

export function currentLevel(s: CertificateState): CertificateLevel | undefined {
  return s.stage > 0 ? s.levels[s.stage - 1] : undefined;
}

/** Whom a signature by this signer counts for. */
const principalOf = (signer: Signer) => signer.delegatedBy ?? signer.id;

/** Distinct principals who signed the level. */
export function signedPrincipals(l: CertificateLevel): Set<string> {
  return new Set(l.signed.map((e) => e.onBehalfOf ?? e.userId));
}

/** Signers of a level who may still sign (their principal has not signed), excluding the submitter. */
export function pendingSigners(s: CertificateState, l: CertificateLevel): Signer[] {
  const done = signedPrincipals(l);
  return l.signers.filter((x) => x.id !== s.submitter.id && !done.has(principalOf(x)));
}

/** Spec 000 §4: overdue when the level's or the certificate's deadline is before now and it is not done. */
export function isOverdue(s: CertificateState, now: Date): boolean {
  if (s.status === 'done' || s.status === 'cancelled' || s.status === 'created') return false;
  const l = currentLevel(s);
  const before = (iso?: string) => !!iso && Date.parse(iso) < now.getTime();
  return before(s.deadline) || (!!l && before(l.deadline));
}

function assertActive(s: CertificateState): void {
  if (s.status === 'done') throw new AppError('CERTIFICATE_DONE');
  if (s.status === 'cancelled') throw new AppError('CERTIFICATE_CANCELLED');
  if (s.status === 'created') throw new AppError('CERTIFICATE_NOT_ACTIVE');
}

/** The actor as an unsigned signer of the current level, or a refusal. */
function actingSigner(s: CertificateState, actor: CommandActor): { level: CertificateLevel; signer: Signer } {
  assertActive(s);
  const level = currentLevel(s)!;
  const signer = level.signers.find((x) => x.id === actor.id);
  if (!signer) throw new AppError('NOT_A_SIGNER');
  const signed = signedPrincipals(level);
  if (signed.has(principalOf(signer)) || level.signed.some((e) => e.userId === actor.id)) throw new AppError('ALREADY_SIGNED');
  return { level, signer };
}

function uniquePeople(xs: Person[]): Person[] {
  const seen = new Set<string>();
  return xs.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true))).map((p) => ({ id: p.id, name: p.name, email: p.email }));
}

function startLevel(s: CertificateState, n: number, at: string): CertificateLevel {
  s.stage = n;
  const l = s.levels[n - 1];
  l.status = l.signed.length > 0 ? 'pending' : 'signing';
  l.startedAt = at;
  s.overdue = l.overdue;
  return l;
}

function submit(s: CertificateState, c: Cmd<'submit'>, fx: CertificateEffect[]): void {
  if (s.status !== 'created') throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
  assertOwnerOrAdmin(s, c.actor);
  assertChainSignable(s);
  s.status = 'signing';
  s.startDate = c.at;
  const l = startLevel(s, 1, c.at);
  fx.push({ type: 'ledger', event: 'submission', payload: { approvalNumber: s.approvalNumber, contentHash: s.contentHash, submitter: s.submitter.id } });
  fx.push({ type: 'notifySigners', level: 1, reason: 'levelStarted', recipients: uniquePeople(pendingSigners(s, l)) });
}

function edit(s: CertificateState, c: Cmd<'edit'>, fx: CertificateEffect[], before: CertificateState): void {
  if (s.status !== 'created' && s.status !== 'rejected') throw new AppError('CERTIFICATE_NOT_EDITABLE');
  assertOwnerOrAdmin(s, c.actor);
  applyChanges(s, c.changes);
  if (s.status !== 'rejected') return;
  assertChainSignable(s);
  // Signing restarts where signatures were voided; the level waits there, rejected, for the resubmit.
  if (voidSignaturesOverOtherContent(s, before, c.at, fx) !== undefined) s.levels[s.stage - 1].status = 'rejected';
}

/**
 * A draft's whole set-up replaced, its number and escalation list included. A draft has no history yet
 * (the workflow starts it at version 0 on submit), so this change keeps its version and audit trail.
 */
function editDraft(s: CertificateState, c: Cmd<'editDraft'>): void {
  if (s.status !== 'created') throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
  assertOwnerOrAdmin(s, c.actor);
  const { approvalNumber, escalateTo, ...changes } = c.changes;
  if (approvalNumber !== undefined) s.approvalNumber = approvalNumber;
  if (escalateTo !== undefined) s.escalateTo = escalateTo.map((p) => ({ ...p }));
  applyChanges(s, changes);
}

function resubmit(s: CertificateState, c: Cmd<'resubmit'>, fx: CertificateEffect[], before: CertificateState): void {
  if (s.status !== 'rejected') throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_ACTIVE');
  assertOwnerOrAdmin(s, c.actor);
  if (c.changes) applyChanges(s, c.changes);
  assertChainSignable(s);
  voidSignaturesOverOtherContent(s, before, c.at, fx);
  const l = startLevel(s, s.stage, c.at);
  s.status = l.status === 'pending' ? 'pending' : 'signing';
  // One mail per person for one event: a signer whose signature was voided has the voided notice, which asks them to sign again.
  const told = new Set(fx.flatMap((e) => (e.type === 'notifySignaturesVoided' ? e.recipients.map((p) => p.id) : [])));
  fx.push({ type: 'notifySigners', level: l.level, reason: 'resubmitted', recipients: uniquePeople(pendingSigners(s, l)).filter((p) => !told.has(p.id)) });
}

function sign(s: CertificateState, c: Cmd<'sign'>, fx: CertificateEffect[]): void {
  const { level, signer } = actingSigner(s, c.actor);
  if (c.actor.id === s.submitter.id) throw new AppError('SUBMITTER_CANNOT_SIGN');
  level.signed.push({
    userId: c.actor.id,
    name: signer.name || c.actor.name,
    at: c.at,
    contentHash: s.contentHash,
    ...(signer.delegatedBy ? { onBehalfOf: signer.delegatedBy } : {}),
    ...(c.note ? { note: c.note } : {}),
    ...(c.signatureValue ? { signatureValue: c.signatureValue } : {}),
  });
  fx.push({
    type: 'ledger',
    event: 'signature',
    level: level.level,
    userId: c.actor.id,
    payload: { approvalNumber: s.approvalNumber, level: level.level, signer: c.actor.id, onBehalfOf: signer.delegatedBy, contentHash: s.contentHash },
  });
  if (signedPrincipals(level).size < level.signatures) {
    level.status = 'pending';
    s.status = 'pending';
    return;
  }
  level.status = 'done';
  level.completedAt = c.at;
  level.overdue = false;
  if (level.level < s.levels.length) {
    const next = startLevel(s, level.level + 1, c.at);
    s.status = next.status === 'pending' ? 'pending' : 'signing';
    fx.push({ type: 'notifySigners', level: next.level, reason: 'levelStarted', recipients: uniquePeople(pendingSigners(s, next)) });
    return;
  }
  s.status = 'done';
  s.completedDate = c.at;
  s.overdue = false;
  fx.push({ type: 'ledger', event: 'completion', payload: { approvalNumber: s.approvalNumber, contentHash: s.contentHash, levels: s.levels.length } });
  fx.push({ type: 'generatePdf' });
  const signers = s.levels.flatMap((l) => l.signers.filter((x) => l.signed.some((e) => e.userId === x.id)));
  // not the signer whose signature completed it: they see it issued as they sign (as a reject or withdrawal skips its actor)
  fx.push({ type: 'notifyCompleted', recipients: uniquePeople([s.submitter, ...signers]).filter((p) => p.id !== c.actor.id) });
}

function reject(s: CertificateState, c: Cmd<'reject'>, fx: CertificateEffect[]): void {
  assertActive(s);
  if (s.status === 'rejected') throw new AppError('CERTIFICATE_ALREADY_REJECTED');
  const { level } = actingSigner(s, c.actor);
  const reason = (c.reason ?? '').trim();
  if (!reason) throw new AppError('REASON_REQUIRED');
  if (!Number.isInteger(c.toLevel) || c.toLevel < SUBMITTER_LEVEL || c.toLevel > s.levels.length) throw new AppError('INVALID_LEVEL');
  if (c.toLevel > s.stage) throw new AppError('CANNOT_MOVE_FORWARD');
  // back to the submitter: they update and resubmit, and signing starts again at level 1
  const restartAt = Math.max(1, c.toLevel);
  level.comments.push(`${c.actor.name}: ${reason}`);
  const cleared: Person[] = [];
  for (const l of s.levels.slice(restartAt - 1)) {
    cleared.push(...l.signers.filter((x) => l.signed.some((e) => e.userId === x.id)));
    l.signed = [];
    l.status = 'created';
    l.completedAt = undefined;
  }
  const target = s.levels[restartAt - 1];
  if (c.toLevel === s.stage) {
    target.status = 'signing';
    s.status = 'signing';
  } else {
    for (const l of s.levels.slice(restartAt)) l.overdue = false;
    s.stage = restartAt;
    target.status = 'rejected';
    s.status = 'rejected';
    s.overdue = target.overdue;
  }
  fx.push({
    type: 'ledger',
    event: 'rejection',
    level: level.level,
    payload: { approvalNumber: s.approvalNumber, fromLevel: level.level, toLevel: c.toLevel, by: c.actor.id, reason },
  });
  fx.push({
    type: 'notifyRejected',
    toLevel: c.toLevel,
    fromLevel: level.level,
    reason,
    by: c.actor.name,
    recipients: uniquePeople([s.submitter, ...cleared, ...pendingSigners(s, target)]).filter((p) => p.id !== c.actor.id),
  });
}

function delegate(s: CertificateState, c: Cmd<'delegate'>, fx: CertificateEffect[]): void {
  const { level, signer } = actingSigner(s, c.actor);
  const to = (c.to ?? []).filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
  if (to.length === 0) throw new AppError('DELEGATE_REQUIRED');
  for (const p of to) {
    if (p.id === s.submitter.id) throw new AppError('SUBMITTER_CANNOT_SIGN', { userId: p.id });
    if (level.signers.some((x) => x.id === p.id)) throw new AppError('DELEGATE_ALREADY_SIGNER', { userId: p.id });
  }
  const principal = principalOf(signer);
  const added: Signer[] = to.map((p) => ({ id: p.id, name: p.name, email: p.email, role: p.role, delegatedBy: principal }));
  level.signers.push(...added);
  const note = (c.note ?? '').trim();
  level.comments.push(`${c.actor.name}: ${note || `delegated to ${added.map((a) => a.name).join(', ')}`}`);
  level.delegations.push({ fromUserId: c.actor.id, fromName: c.actor.name, to: added, note, at: c.at });
  fx.push({
    type: 'ledger',
    event: 'delegation',
    level: level.level,
    delegationIndex: level.delegations.length - 1,
    payload: { approvalNumber: s.approvalNumber, level: level.level, from: c.actor.id, onBehalfOf: principal, to: added.map((a) => a.id) },
  });
  fx.push({ type: 'notifySigners', level: level.level, reason: 'delegated', recipients: uniquePeople(added) });
}

/** Returns false when the deadline command changes nothing (not the current level, already overdue, finished). */
function deadlinePassed(s: CertificateState, c: Cmd<'deadlinePassed'>, fx: CertificateEffect[]): boolean {
  const l = currentLevel(s);
  if (!l || s.status === 'done' || s.status === 'cancelled' || s.status === 'created' || l.level !== c.level || l.overdue) return false;
  l.overdue = true;
  s.overdue = true;
  fx.push({ type: 'escalateOverdue', level: l.level, recipients: uniquePeople([s.submitter, ...s.escalateTo]) });
  return true;
}

function cancel(s: CertificateState, c: Cmd<'cancel'>, fx: CertificateEffect[]): void {
  if (s.status === 'done') throw new AppError('CERTIFICATE_DONE');
  if (s.status === 'cancelled') throw new AppError('CERTIFICATE_CANCELLED');
  assertMayCancel(s, c.actor);
  const wasActive = s.status !== 'created';
  s.status = 'cancelled';
  s.overdue = false;
  const l = currentLevel(s);
  if (!wasActive || !l) return;
  const signedAny = s.levels.flatMap((x) => x.signers.filter((p) => x.signed.some((e) => e.userId === p.id)));
  const recipients = uniquePeople([...signedAny, ...pendingSigners(s, l)]).filter((p) => p.id !== c.actor.id);
  if (recipients.length) fx.push({ type: 'notifyWithdrawn', level: l.level, reason: (c.reason ?? '').trim(), by: c.actor.name, recipients });
}

/** Minimum time between two reminders (or two escalations) sent by hand for one level. */
export const NUDGE_INTERVAL_MS = 60 * 60 * 1000;

/** The level a command in flight may still change: the current one or a later one. */
function openLevel(s: CertificateState, n: number): CertificateLevel {
  assertActive(s);
  const l = Number.isInteger(n) ? s.levels[n - 1] : undefined;
  if (!l) throw new AppError('INVALID_LEVEL');
  if (n < s.stage || l.status === 'done') throw new AppError('LEVEL_ALREADY_COMPLETE');
  return l;
}

function adjustLevel(s: CertificateState, c: Cmd<'adjustLevel'>, fx: CertificateEffect[]): { dueBefore?: string; added: string[]; removed: string[] } {
  assertMayManageInFlight(s, c.actor);
  const l = openLevel(s, c.level);
  if (c.deadline === undefined && c.signers === undefined) throw new AppError('NOTHING_TO_CHANGE');
  const out: { dueBefore?: string; added: string[]; removed: string[] } = { added: [], removed: [] };
  if (c.deadline !== undefined && c.deadline !== l.deadline) {
    const due = Date.parse(c.deadline);
    if (Number.isNaN(due)) throw new AppError('INVALID_DATE', { level: l.level });
    if (due <= Date.parse(c.at)) throw new AppError('DATE_IN_PAST');
    out.dueBefore = l.deadline;
    l.deadline = c.deadline;
    l.dueChangedAt = c.at;
    l.overdue = false;
    s.deadline = s.levels[s.levels.length - 1].deadline;
    if (l.level === s.stage) s.overdue = false;
  }
  if (c.signers !== undefined) {
    const asked = c.signers.filter((p, i, all) => !p.delegatedBy && all.findIndex((q) => q.id === p.id) === i);
    if (asked.some((p) => p.id === s.submitter.id)) throw new AppError('SUBMITTER_CANNOT_SIGN');
    const keep = new Set(asked.map((p) => p.id));
    const signedIds = new Set(l.signed.map((e) => e.onBehalfOf ?? e.userId));
    if ([...signedIds].some((id) => !keep.has(id))) throw new AppError('SIGNER_HAS_SIGNED');
    const before = l.signers;
    // a delegate stays while the signer they act for stays
    const kept = (p: Signer) => before.find((b) => b.id === p.id && !b.delegatedBy);
    const underWay = l.level <= s.stage;
    l.signers = [
      ...asked.map((p) => kept(p) ?? { ...p, ...(underWay ? { askedAt: c.at } : {}) }),
      ...before.filter((x) => x.delegatedBy && keep.has(x.delegatedBy)),
    ];
    const added = l.signers.filter((x) => !before.some((b) => b.id === x.id));
    out.added = added.map((x) => x.name);
    out.removed = before.filter((b) => !l.signers.some((x) => x.id === b.id)).map((x) => x.name);
    assertChainSignable(s);
    if (l.level === s.stage && s.status !== 'rejected') {
      const done = signedPrincipals(l);
      const recipients = uniquePeople(added.filter((x) => !done.has(principalOf(x))));
      if (recipients.length) fx.push({ type: 'notifySigners', level: l.level, reason: 'assigned', recipients });
    }
  }
  if (out.dueBefore === undefined && out.added.length === 0 && out.removed.length === 0) throw new AppError('NOTHING_TO_CHANGE');
  s.contentHash = certificateContentHash(s);
  return out;
}

function remind(s: CertificateState, c: Cmd<'remind'>, fx: CertificateEffect[]): void {
  assertMayManageInFlight(s, c.actor);
  assertActive(s);
  // sent back: the submitter has to act, not the signers
  if (s.status === 'rejected') throw new AppError('CERTIFICATE_ALREADY_REJECTED');
  const l = currentLevel(s)!;
  const last = c.to === 'escalation' ? l.escalatedAt : l.remindedAt;
  if (last && Date.parse(c.at) - Date.parse(last) < NUDGE_INTERVAL_MS) throw new AppError('REMINDED_RECENTLY');
  if (c.to === 'escalation') {
    const recipients = uniquePeople([s.submitter, ...s.escalateTo]).filter((p) => p.id !== c.actor.id);
    if (!recipients.length) throw new AppError('NOBODY_TO_ESCALATE_TO');
    l.escalatedAt = c.at;
    fx.push({ type: 'escalateOverdue', level: l.level, recipients, by: c.actor.name });
    return;
  }
  l.remindedAt = c.at;
  fx.push({ type: 'remindSigners', level: l.level, overdue: l.overdue, recipients: uniquePeople(pendingSigners(s, l)) });
}

export function transition(state: CertificateState, command: CertificateCommand): TransitionResult {
  const s = clone(state);
  const fx: CertificateEffect[] = [];
  const c = command;
  let adjusted: ReturnType<typeof adjustLevel> | undefined;
  switch (c.type) {
    case 'submit':
      submit(s, c, fx);
      break;
    case 'edit':
      edit(s, c, fx, state);
      break;
    case 'editDraft':
      editDraft(s, c);
      return { state: s, effects: fx };
    case 'resubmit':
      resubmit(s, c, fx, state);
      break;
    case 'sign':
      sign(s, c, fx);
      break;
    case 'reject':
      reject(s, c, fx);
      break;
    case 'delegate':
      delegate(s, c, fx);
      break;
    case 'deadlinePassed':
      if (!deadlinePassed(s, c, fx)) return { state, effects: [] };
      break;
    case 'cancel':
      cancel(s, c, fx);
      break;
    case 'adjustLevel':
      adjusted = adjustLevel(s, c, fx);
      break;
    case 'remind':
      remind(s, c, fx);
      break;
    default:
      throw new AppError('INVALID_INPUT');
  }
  s.version += 1;
  const detail =
    c.type === 'reject'
      ? `to level ${c.toLevel}: ${c.reason}`
      : c.type === 'delegate'
        ? c.to.map((p) => p.name).join(', ')
        : c.type === 'sign'
          ? c.note
          : undefined;
  const entry: AuditEntry = { at: c.at, actorId: c.actor.id, action: c.type, level: currentLevelNumber(state, c) };
  if (detail) entry.detail = detail;
  if (c.type === 'reject') Object.assign(entry, { toLevel: c.toLevel, reason: (c.reason ?? '').trim() });
  if (c.type === 'cancel' && c.reason?.trim()) entry.reason = c.reason.trim();
  if (c.type === 'adjustLevel' && adjusted) {
    entry.level = c.level;
    if (adjusted.dueBefore !== undefined) Object.assign(entry, { dueBefore: adjusted.dueBefore, dueAfter: c.deadline });
    if (adjusted.added.length) entry.added = adjusted.added;
    if (adjusted.removed.length) entry.removed = adjusted.removed;
  }
  if (c.type === 'remind') entry.to = c.to;
  if (c.type === 'edit' || c.type === 'resubmit') {
    const changed = contentChanges(state, s);
    if (changed.length) entry.changed = changed;
  }
  s.audit.push(entry);
  return { state: s, effects: fx };
}

const currentLevelNumber = (before: CertificateState, c: CertificateCommand) => (c.type === 'deadlinePassed' ? c.level : before.stage || undefined);

/** Runs the machine's checks without keeping the result (Update validators). Throws AppError on refusal. */
export function assertAccepted(state: CertificateState, command: CertificateCommand): void {
  transition(state, command);
}

/** Writes a ledger tx id back onto the record the ledger effect came from (a new version). */
export function recordLedgerTx(state: CertificateState, effect: Extract<CertificateEffect, { type: 'ledger' }>, txId: string, at: string): CertificateState {
  const s = clone(state);
  const l = effect.level ? s.levels[effect.level - 1] : undefined;
  if (effect.event === 'signature' && l) {
    const e = l.signed.find((x) => x.userId === effect.userId);
    if (e) e.txId = txId;
  } else if (effect.event === 'delegation' && l && effect.delegationIndex !== undefined && l.delegations[effect.delegationIndex]) {
    l.delegations[effect.delegationIndex].txId = txId;
  } else if (effect.event === 'completion') {
    s.chainId = txId;
  }
  s.version += 1;
  s.audit.push({ at, actorId: 'system', action: 'ledger', level: effect.level, detail: `${effect.event} ${txId}`, event: effect.event, txId });
  return s;
}

/** Records the storage key of the generated certificate PDF (a new version). */
export function recordPdf(state: CertificateState, pdfKey: string, at: string): CertificateState {
  const s = clone(state);
  s.pdfKey = pdfKey;
  s.version += 1;
  s.audit.push({ at, actorId: 'system', action: 'pdf', detail: pdfKey });
  return s;
}
