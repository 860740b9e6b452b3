/**
 * Regulations the audit cites (the policy reference of docs/spec/farm-data-and-documents.md covers AU and IN). Kept as one table
 * so the rule-based checks and the OpenAI prompt name them the same way.
 */
export const REGULATIONS = {
  exportControl: 'Export Control (Plants and Plant Products) Rules 2021 (Cth)',
  exportControlAct: 'Export Control Act 2020 (Cth)',
  fsanz321: 'Australia New Zealand Food Standards Code, Standard 3.2.1 (Food Safety Programs)',
  fsanz322: 'Australia New Zealand Food Standards Code, Standard 3.2.2 (Food Safety Practices and General Requirements)',
  codexHaccp: 'Codex Alimentarius CXC 1-1969 General Principles of Food Hygiene (HACCP system)',
  fssaiLicensing: 'FSSAI Food Safety and Standards (Licensing and Registration of Food Businesses) Regulations, 2011',
  fssaiSchedule4: 'FSSAI Licensing and Registration Regulations 2011, Schedule 4 (general hygienic and sanitary practices)',
  agvet: 'Agricultural and Veterinary Chemicals Code Act 1994 (Cth) and APVMA label directions',
} as const;
