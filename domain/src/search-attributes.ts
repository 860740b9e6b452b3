/**
 * Custom search attributes of certificate workflows, registered when the dev server starts
 * (scripts/temporal-dev.mjs reads this list from the built domain package) and kept current by the
 * workflow. Operators filter on them in the Temporal Web UI and with `temporal workflow list --query`.
 */
export const SEARCH_ATTRIBUTES = {
  CertificateNumber: 'Keyword',
  CertificateStatus: 'Keyword',
  CurrentLevel: 'Int',
  Overdue: 'Bool',
  DueTime: 'Datetime',
  CompanyId: 'Keyword',
  Submitter: 'Keyword',
  /** Names an operator searches by (CompanyName is set when the workflow starts; the others follow edits). */
  CertificateName: 'Text',
  SubmitterName: 'Keyword',
  CompanyName: 'Keyword',
  /**
   * Corrective-action workflows (with CompanyId, Overdue and DueTime above): their farm, owner (user id)
   * and state. The dev server and the SQL visibility store take at most 10 Keyword attributes per
   * namespace; this makes 9, so the owner's name and the severity are in the workflow's summary instead.
   */
  FarmName: 'Keyword',
  ActionOwner: 'Keyword',
  ActionState: 'Keyword',
} as const;
export type SearchAttributeName = keyof typeof SEARCH_ATTRIBUTES;

export const certificateWorkflowId = (certificateId: string) => `certificate-${certificateId}`;
export const complianceWorkflowId = (complianceId: string) => `compliance-${complianceId}`;
/**
 * A corrective action's workflow id, readable in the Temporal UI's list: its farm, the audit check's
 * number and the action's id (e.g. corrective-action-green-farm-check-3-<uuid>).
 */
export function correctiveActionWorkflowId(a: { id: string; farm: { name: string }; finding: { checkIndex: number } }): string {
  const farm = a.farm.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `corrective-action-${farm || 'farm'}-check-${a.finding.checkIndex + 1}-${a.id}`;
}
