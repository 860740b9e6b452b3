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
} as const;
export type SearchAttributeName = keyof typeof SEARCH_ATTRIBUTES;

export const certificateWorkflowId = (certificateId: string) => `certificate-${certificateId}`;
export const complianceWorkflowId = (complianceId: string) => `compliance-${complianceId}`;
