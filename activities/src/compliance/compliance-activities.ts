import type { ComplianceActivityContract } from '@grain/domain';
import type { ActivityDeps } from '../deps';
import { createAuditActivities } from './audit-activities';
import { createDocumentActivities } from './document-activities';

/**
 * Compliance activities: document processing (text extraction + summary through the auditor port),
 * the audit, and the bookkeeping around them. Each publishes its outcome on the live channel to the
 * user concerned, so the screen updates without polling.
 */
export function createComplianceActivities(deps: ActivityDeps): ComplianceActivityContract {
  return { ...createDocumentActivities(deps), ...createAuditActivities(deps) };
}
export type ComplianceActivities = ReturnType<typeof createComplianceActivities>;
