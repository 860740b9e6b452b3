/**
 * What operators filter corrective actions on in the Temporal UI (names and types from
 * domain/src/search-attributes.ts, keys from ../search-keys.ts): company,
 * farm, owner, state, overdue and the due time. Plain key objects, so the bundle needs no runtime import
 * of @temporalio/common.
 */
import type { SearchAttributeUpdatePair } from '@temporalio/common';
import { isOwnerWork, type CorrectiveActionState } from '@grain/domain/workflow-safe';
import { SEARCH_KEYS } from '../search-keys';

export function actionSearchAttributes(s: CorrectiveActionState): SearchAttributeUpdatePair[] {
  const K = SEARCH_KEYS;
  return [
    { key: K.CompanyId, value: s.companyId },
    { key: K.FarmName, value: s.farm.name },
    { key: K.ActionOwner, value: s.owner.id },
    { key: K.ActionState, value: s.status },
    { key: K.Overdue, value: s.overdue },
    { key: K.DueTime, value: isOwnerWork(s) ? new Date(s.dueAt) : null },
  ];
}

/** The summary line and details an operator reads on the workflow (kept current as the action moves). */
export function actionSummaryLine(s: CorrectiveActionState): string {
  return `${s.severity} · ${s.farm.name || 'farm'} · check ${s.finding.checkIndex + 1}: ${s.finding.check} · ${s.status}${s.overdue ? ' (overdue)' : ''} · owner ${s.owner.name}`.slice(
    0,
    200,
  );
}

export function actionDetails(s: CorrectiveActionState): string {
  return [
    `**${s.finding.check}** (${s.severity})`,
    `Farm: ${s.farm.name}`,
    `Owner: ${s.owner.name} · due ${s.dueAt.slice(0, 16).replace('T', ' ')} UTC`,
    `State: ${s.status}${s.overdue ? ', overdue' : ''}${s.escalated ? ', escalated' : ''}`,
    `Rule: ${s.finding.requirement}${s.finding.policyRef ? ` (${s.finding.policyRef})` : ''}`,
    `Fixes: ${s.fixes.length}`,
  ].join('\n\n');
}
