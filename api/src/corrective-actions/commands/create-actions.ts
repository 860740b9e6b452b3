/**
 * Turns findings of a finished audit into corrective actions: chosen checks (each with its severity,
 * owner and due time), or every non-compliant check without an action at once. Everything is checked
 * before the first action is made, so a refused request makes none.
 */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  assertDueAfter,
  auditItemsOf,
  correctiveActionLiveMessages,
  createCorrectiveAction,
  DEFAULT_DUE_DAYS,
  dueTimeOf,
  farmOfEstablishment,
  findingOf,
  type ActionSeverity,
  type CorrectiveActionState,
  type CreateActionsInput,
} from '@grain/domain';
import { mustHold } from '../support/access';
import { ownerOf } from '../support/owner';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface CreateActionsOptions {
  caller: ActionCaller;
  input: CreateActionsInput;
}

const DAY_MS = 86_400_000;

export async function createActions({ caller, input }: CreateActionsOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState[]> {
  mustHold(caller, 'createCorrectiveAction');
  const { stores } = deps;
  const compliance = await stores.compliance.byId(input.complianceId, caller.companyId);
  if (!compliance) throw new AppError('NOT_FOUND');
  if (compliance.status !== 'audited' || !compliance.report) throw new AppError('ACTION_AUDIT_NOT_FINISHED');
  const items = auditItemsOf(compliance.report);
  const taken = new Set((await stores.correctiveActions.list(caller.companyId, { complianceId: compliance.id })).map((s) => s.finding.checkIndex));
  const establishmentId = compliance.documents.establishment_update;
  const establishment = establishmentId ? await stores.compliance.document(establishmentId, caller.companyId) : null;
  const farm = farmOfEstablishment(establishment ? (establishment.reviewedSummary ?? establishment.documentSummary) : null);

  const at = deps.now().toISOString();
  const wanted: Array<{ checkIndex: number; severity?: ActionSeverity; ownerId: string; dueAt?: string }> =
    'all' in input
      ? items.flatMap((it, i) => (it.result === 'Non-Compliant' && !taken.has(i) ? [{ checkIndex: i, severity: input.severity, ownerId: input.ownerId }] : []))
      : input.items;
  if (wanted.length === 0) throw new AppError('ACTION_NO_FINDINGS');

  const drafts = [];
  const seen = new Set<number>();
  for (const w of wanted) {
    const item = items[w.checkIndex];
    if (!item) throw new AppError('ACTION_CHECK_NOT_FOUND');
    if (taken.has(w.checkIndex) || seen.has(w.checkIndex)) throw new AppError('ACTION_ALREADY_EXISTS');
    seen.add(w.checkIndex);
    const severity = w.severity ?? (item.result === 'Non-Compliant' ? 'major' : 'minor');
    const dueAt = w.dueAt ? dueTimeOf(w.dueAt) : new Date(Date.parse(at) + DEFAULT_DUE_DAYS[severity] * DAY_MS).toISOString();
    assertDueAfter(dueAt, at);
    drafts.push({
      id: randomUUID(),
      companyId: caller.companyId,
      farm,
      finding: findingOf(compliance.id, w.checkIndex, item),
      severity,
      owner: await ownerOf(stores, caller.companyId, w.ownerId),
      createdBy: caller.person,
      at,
      dueAt,
      timing: deps.timing,
    });
  }

  const made: CorrectiveActionState[] = [];
  for (const d of drafts) {
    const { state, effects } = createCorrectiveAction(d);
    if (!(await stores.correctiveActions.insertNew(state))) throw new AppError('ACTION_ALREADY_EXISTS');
    try {
      await deps.workflows.start(state, effects);
    } catch (e) {
      await stores.correctiveActions.removeUnstarted(state.id);
      throw e;
    }
    made.push(state);
  }
  // new actions appear on the company's lists and their owners' at once (best effort: the pages also poll)
  for (const m of made.flatMap(correctiveActionLiveMessages)) await stores.live.publish(m).catch(() => undefined);
  return made;
}
