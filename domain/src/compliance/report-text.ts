import type { ComplianceDocumentType, Language } from '../constants';
import type { AuditItem, ReportAuditor, StoredComplianceReport } from './report';
import { fieldLabel } from './summary-fields';

/**
 * The report's texts in the reader's language, written once for the screen and the PDF: who audited,
 * each check's title, its requirement / evidence / recommendations, and what the user corrected.
 */
type Labels = Record<Language, string>;

/** Who audited, from the report (older reports only carry the English inspector label). */
export function auditorOf(report: Pick<StoredComplianceReport, 'auditor' | 'inspector'>): ReportAuditor | undefined {
  if (report.auditor) return report.auditor;
  if (/rule-based/i.test(report.inspector ?? '')) return { kind: 'rules' };
  const model = /OpenAI ([^)]+)\)?/.exec(report.inspector ?? '')?.[1];
  return model ? { kind: 'ai', model: model.trim() } : undefined;
}

/** "Rule-based checks (no AI)" or "AI (gpt-4o-mini)": what the reader needs to weigh the report. */
export function auditorLabel(auditor: ReportAuditor | undefined, lang: Language, fallback = ''): string {
  if (!auditor) return fallback;
  if (auditor.kind === 'rules') return { en: 'Rule-based checks (no AI)', vn: 'Kiểm tra theo quy tắc (không dùng AI)' }[lang];
  return { en: `AI (${auditor.model})`, vn: `AI (mô hình ${auditor.model})` }[lang];
}

const CHECK_TITLES: Record<string, Labels> = {
  establishment_registration_details: { en: 'Establishment registration details', vn: 'Thông tin đăng ký cơ sở' },
  establishment_registration_number: { en: 'Establishment registration number', vn: 'Số đăng ký cơ sở' },
  haccp_seven_principles: { en: 'HACCP: the seven principles', vn: 'HACCP: bảy nguyên tắc' },
  haccp_critical_limits_measurable: { en: 'HACCP: measurable critical limits', vn: 'HACCP: giới hạn tới hạn đo được' },
  haccp_monitoring_and_corrective_actions: { en: 'HACCP: monitoring and corrective actions', vn: 'HACCP: giám sát và hành động khắc phục' },
  haccp_plan_review: { en: 'HACCP plan reviewed within a year', vn: 'Kế hoạch HACCP được xem xét trong vòng một năm' },
  pest_control_records_recent: { en: 'Pest control records are recent', vn: 'Hồ sơ kiểm soát dịch hại còn mới' },
  pest_control_chemicals_recorded: { en: 'Baits and chemicals recorded', vn: 'Ghi chép mồi và hóa chất' },
  pest_control_areas_recorded: { en: 'Areas treated recorded', vn: 'Ghi chép khu vực đã xử lý' },
  pest_activity_monitoring: { en: 'Pest activity monitored', vn: 'Giám sát hoạt động của dịch hại' },
  management_plan_storage_hygiene: { en: 'Farm plan: storage and hygiene', vn: 'Kế hoạch trang trại: bảo quản và vệ sinh' },
  management_plan_chemical_handling: { en: 'Farm plan: chemical handling', vn: 'Kế hoạch trang trại: quản lý hóa chất' },
  management_plan_traceability: { en: 'Farm plan: traceability', vn: 'Kế hoạch trang trại: truy xuất nguồn gốc' },
  management_plan_staff_training: { en: 'Farm plan: staff training', vn: 'Kế hoạch trang trại: đào tạo nhân viên' },
  documents_name_same_establishment: { en: 'Documents name the same establishment', vn: 'Các tài liệu ghi cùng một cơ sở' },
};

/** A check's title; checks an AI auditor named itself read as their snake_case name spelled out. */
export function checkTitle(name: string, lang: Language): string {
  const t = CHECK_TITLES[name]?.[lang];
  if (t) return t;
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Requirement, evidence and recommendations in the reader's language (English when the auditor wrote no other). */
export function itemText(item: AuditItem, lang: Language): { requirement: string; evidence: string; recommendations: string } {
  if (lang === 'vn' && item.vn) return item.vn;
  return { requirement: item.requirement, evidence: item.evidence, recommendations: item.recommendations };
}

const DOCUMENT_NAMES: Record<ComplianceDocumentType, Labels> = {
  establishment_update: { en: 'Establishment registration', vn: 'Đăng ký cơ sở' },
  haccp_plan_update: { en: 'HACCP plan', vn: 'Kế hoạch HACCP' },
  management_plan_update: { en: 'Farm management plan', vn: 'Kế hoạch quản lý trang trại' },
  pest_control_update: { en: 'Pest control plan', vn: 'Kế hoạch kiểm soát dịch hại' },
};

/** Each document with the fields the user corrected before the audit, named for the reader; [] when none. */
export function correctionsOf(report: Pick<StoredComplianceReport, 'corrected_fields'>, lang: Language): Array<{ document: string; fields: string[] }> {
  return (report.corrected_fields ?? [])
    .filter((c) => c.fields.length)
    .map((c) => ({ document: DOCUMENT_NAMES[c.document_type][lang], fields: c.fields.map((f) => fieldLabel(c.document_type, f, lang)) }));
}
