/**
 * An audit's checks with their actions, and the loop closed by a re-audit: for each check, the actions
 * made on earlier audits of the same farm for the same check, and whether this audit finds it fixed.
 */
import { actionRowView, AppError, auditItemsOf, farmOfEstablishment, type AuditActionsAnswer } from '@grain/domain';
import { mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface ShowAuditActionsOptions {
  caller: ActionCaller;
  complianceId: string;
}

export async function showAuditActions({ caller, complianceId }: ShowAuditActionsOptions, deps: ActionCommandDeps): Promise<AuditActionsAnswer> {
  mustHold(caller, 'viewCorrectiveAction');
  const { stores } = deps;
  const c = await stores.compliance.byId(complianceId, caller.companyId);
  if (!c) throw new AppError('NOT_FOUND');
  if (!c.report) return { farm: null, checks: [] };
  const est = c.documents.establishment_update ? await stores.compliance.document(c.documents.establishment_update, caller.companyId) : null;
  const farm = farmOfEstablishment(est ? (est.reviewedSummary ?? est.documentSummary) : null);
  const now = deps.now().toISOString();
  const mine = await stores.correctiveActions.list(caller.companyId, { complianceId });
  const auditedAt = c.report.report_date;
  const earlier = farm.key
    ? (await stores.correctiveActions.list(caller.companyId, { farm })).filter((a) => a.finding.complianceId !== complianceId && a.createdAt <= auditedAt)
    : [];
  return {
    farm,
    checks: auditItemsOf(c.report).map((item, index) => {
      const own = mine.find((a) => a.finding.checkIndex === index);
      return {
        index,
        check: item.compliance_check_item,
        result: item.result,
        action: own ? actionRowView(own, now) : null,
        earlier: earlier
          .filter((a) => a.finding.check === item.compliance_check_item)
          .map((a) => ({ ...actionRowView(a, now), fixed: item.result === 'Compliant' })),
      };
    }),
  };
}
