/** Business constants from docs/spec/approvals.md §9 and 001 §9. */
export const LANGUAGES = ['en', 'vn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'Medium';

export const MIN_SIGNATURES = 1;
export const MAX_SIGNATURES = 10;
export const GROUP_NAME_MAX = 50;
export const FUZZY_THRESHOLD = 0.05;
export const TOAST_MS = 5000;
export const CERTIFICATE_VALIDITY_YEARS = 3;
/**
 * What the old system (and this one before it was fixed) stored as a certificate's summary or a document's
 * description when the field was left empty: a placeholder, read back as empty.
 */
export const LEGACY_DEFAULT_SUMMARY = 'default summary';
export const MAX_UPLOAD_BYTES = 52428800;
export const HASH_DISPLAY_LENGTH = 20;
export const STREAMING_DEFAULT_INTERVAL_S = 10;
export const MIN_ENDORSING_STAKEHOLDERS = 3;

export const GRAIN_TYPES = ['Wheat', 'Barley', 'Categorical', 'Corn'] as const;
export type GrainType = (typeof GRAIN_TYPES)[number];
/** The grain types a person picks when entering a record by hand ('Categorical' stays readable in old data, never offered). */
export const MANUAL_GRAIN_TYPES: readonly GrainType[] = ['Wheat', 'Barley', 'Corn'];
export const DEFAULT_GRAIN_TYPE: GrainType = 'Wheat';

export const HARVEST_GRADES = ['APH', 'AH', 'APW', 'ASW', 'ADR', 'AMW', 'ASFT', 'APWN', 'FEED'] as const;
export type HarvestGrade = (typeof HARVEST_GRADES)[number];
export const DEFAULT_HARVEST_GRADE: HarvestGrade = 'APH';
export const FARM_STAGE = 'Harvest';

export const DOCUMENT_TYPES = [
  'regulation',
  'policy',
  'argriPolicy',
  'report',
  'invoice',
  'contract',
  'bill',
  'financialStatement',
  'agreement',
  'law',
  'certificate',
  'license',
  'nationalIdentity',
  'passport',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  regulation: 'Regulation',
  policy: 'Policy',
  argriPolicy: 'Agricultural Policy',
  report: 'Report',
  invoice: 'Invoice',
  contract: 'Contract',
  bill: 'Bill',
  financialStatement: 'Financial Statement',
  agreement: 'Agreement',
  law: 'Law',
  certificate: 'Certificate',
  license: 'License',
  nationalIdentity: 'ID',
  passport: 'Passport',
};
export const UPLOAD_EXTENSIONS = ['pdf', 'png', 'gif', 'docx', 'doc', 'csv'] as const;

export const COMPLIANCE_DOCUMENT_TYPES = ['establishment_update', 'haccp_plan_update', 'management_plan_update', 'pest_control_update'] as const;
export type ComplianceDocumentType = (typeof COMPLIANCE_DOCUMENT_TYPES)[number];

export const DEFAULT_LEVEL_NAMES = ['Farm Data Signing', 'Transportation Signing', 'Inspection Signing'];

/**
 * A new level is due some days from now: the first in 3 days, each further one 4 days after the one
 * before (3, 7, 11, ...), so a fresh chain has time for every level and no level starts overdue.
 */
export function defaultDueInDays(level: number): number {
  return 3 + 4 * (Math.max(1, level) - 1);
}

/** OTP rules: 6 digits, 5 minutes by default, at most 10, 5 attempts per code. */
export const OTP_DIGITS = 6;
export const OTP_DEFAULT_TTL_MS = 5 * 60_000;
export const OTP_MAX_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

/** Reminder offsets before a level's due time (defaults: 24 h and 1 h). */
export const DEFAULT_REMINDER_OFFSETS_MS = [24 * 3600_000, 3600_000];
/** After the due time, reminders repeat at this interval until the level moves on. */
export const DEFAULT_OVERDUE_REPEAT_MS = 24 * 3600_000;
