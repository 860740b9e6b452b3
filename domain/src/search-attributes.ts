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

/** Lower-case words joined by '-', Vietnamese and other accents dropped: "Nông Trại Đà Lạt" -> "nong-trai-da-lat". */
const slug = (text: string, max: number) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');

/**
 * The id of a certificate's workflow, as operators read it in the Temporal Web UI and CLI: company,
 * certificate number, then the first 12 hex digits of the certificate's id ("certificate-riverina-grain-co-
 * 202611273-0b6f2c9e41d7"). Fixed when the certificate is submitted (the number cannot change after, a
 * renamed company keeps its running workflows' ids); the number is unique within its company and the id
 * part tells apart companies of the same name. The workflow records it in its state (`workflowId`), so
 * the API finds the workflow from the read model.
 */
export function certificateWorkflowId(c: { id: string; approvalNumber: string }, companyName: string): string {
  return ['certificate', slug(companyName, 40) || 'company', slug(c.approvalNumber, 40) || 'draft', c.id.replace(/-/g, '').slice(0, 12)].join('-');
}
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
