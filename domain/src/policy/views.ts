/**
 * The policy reference's wire shapes (docs/spec/farm-data-and-documents.md §3 and §7): written once here,
 * read by the API's reference data and by the UI. Field names follow the old system, including its
 * spelling "ResponsibleOrgaqnisation".
 */

export const POLICY_TOPICS = ['grain quality', 'export', 'food safety', 'biosecurity', 'chemicals', 'measurement'] as const;
export type PolicyTopic = (typeof POLICY_TOPICS)[number];

/** A law, rule or standard that bears on grain quality, export or food safety, and the body responsible for it. */
export interface PolicyOrganisation {
  Item: number;
  PolicyIndex: string;
  NameOfActRuleGuideline: string;
  ResponsibleOrgaqnisation: string;
  Acronym: string;
  Country: 'AU' | 'IN';
  URL: string;
  FileName: string;
  Summary: string;
  Topics: PolicyTopic[];
}

/** One step of moving grain from farm to export: what to do and which documents to hold in each country. */
export interface PolicyAction {
  Item: number;
  ProcessIndex: string;
  Process: string;
  PolicyIndexAU: string[];
  ActionsAU: string[];
  RequiredDocsAU: string[];
  PolicyIndexIN: string[];
  ActionsIN: string[];
  RequiredDocsIN: string[];
  Alignment: string;
}

/** GET policy/policyorg/list (optionally one country's). */
export interface PolicyOrganisationListAnswer {
  policyOrganisationList: PolicyOrganisation[];
}

/** GET policy/policyaction/list. */
export interface PolicyActionListAnswer {
  policyActionsList: PolicyAction[];
}
