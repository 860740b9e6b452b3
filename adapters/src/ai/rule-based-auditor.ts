import { auditReportSchema, type AuditReport, type ComplianceDocumentType } from '@grain/domain';
import type { AdapterInfo } from '../port';
import type { AuditInput, Auditor, SummaryOf } from './auditor';
import { establishmentDetails, establishmentNumber, haccpLimits, haccpMonitoringCorrective, haccpPrinciples, haccpReview, type Check } from './rule-checks';
import { FARM_CHECKS } from './rule-checks-farm';
import { summarizeOffThread } from '../text-extract/extraction-pool';

const CHECKS: Check[] = [establishmentDetails, establishmentNumber, haccpPrinciples, haccpLimits, haccpMonitoringCorrective, haccpReview, ...FARM_CHECKS];

/**
 * The embedded auditor: deterministic summaries from the document text and fifteen explainable checks
 * against Australian and Indian requirements. No network, same answer for the same documents and date.
 */
export class RuleBasedAuditor implements Auditor {
  readonly auditor = { kind: 'rules' } as const;
  info(): AdapterInfo {
    return { kind: 'embedded', detail: `rule-based auditor, ${CHECKS.length} checks` };
  }
  async ping() {}
  /** In a worker thread: over a long document the rules take seconds, and this process also serves the API. */
  async summarize<T extends ComplianceDocumentType>(type: T, text: string): Promise<SummaryOf<T>> {
    return (await summarizeOffThread(type, text)) as SummaryOf<T>;
  }
  async audit(input: AuditInput, opts: { asOf: Date }): Promise<AuditReport> {
    return auditReportSchema.parse({ compliance_audit: CHECKS.map((c) => c(input, opts.asOf)) });
  }
}
