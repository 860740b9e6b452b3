import { z } from 'zod';
import type { ComplianceDocumentType, Language } from '../constants';

/**
 * The fields of each summary as a person reviews them: their names in en and vn, whether they hold a
 * short value or a passage, and the schema a corrected summary must meet. One catalogue for the
 * review form, the server's check of a correction, and the report's list of corrected fields.
 */
type Labels = Record<Language, string>;
export interface SummaryField {
  key: string;
  label: Labels;
  /** A passage (a section of a plan) rather than a short value. */
  long?: boolean;
}

export const PEST_ENTRY_FIELDS: SummaryField[] = [
  { key: 'date', label: { en: 'Date', vn: 'Ngày' } },
  { key: 'pests_treating_for', label: { en: 'Pests treated for', vn: 'Loài gây hại được xử lý' } },
  { key: 'activity_level', label: { en: 'Activity level', vn: 'Mức độ hoạt động' } },
  { key: 'bait_chemical_used', label: { en: 'Baits / chemicals used', vn: 'Mồi / hóa chất sử dụng' } },
  { key: 'area_shed_treated', label: { en: 'Areas / sheds treated', vn: 'Khu vực / kho đã xử lý' } },
];

/** Where each type keeps its fields (pest control keeps them at the top). */
export const SUMMARY_WRAPPER: Record<ComplianceDocumentType, string | null> = {
  establishment_update: 'establishment_registration_document',
  haccp_plan_update: 'haccp_plan',
  management_plan_update: 'management_plan',
  pest_control_update: null,
};

export const SUMMARY_FIELDS: Record<ComplianceDocumentType, SummaryField[]> = {
  establishment_update: [
    { key: 'name_of_establishment', label: { en: 'Name of establishment', vn: 'Tên cơ sở' } },
    { key: 'registration_number', label: { en: 'Registration number', vn: 'Số đăng ký' } },
    { key: 'address', label: { en: 'Address', vn: 'Địa chỉ' } },
    { key: 'telephone', label: { en: 'Telephone', vn: 'Điện thoại' } },
    { key: 'email', label: { en: 'E-mail', vn: 'E-mail' } },
    { key: 'website', label: { en: 'Website', vn: 'Trang web' } },
    { key: 'contact_person', label: { en: 'Contact person', vn: 'Người liên hệ' } },
    { key: 'operations', label: { en: 'Operations', vn: 'Hoạt động' }, long: true },
  ],
  haccp_plan_update: [
    { key: 'business_name', label: { en: 'Business name', vn: 'Tên doanh nghiệp' } },
    { key: 'scope', label: { en: 'Scope', vn: 'Phạm vi' }, long: true },
    { key: 'hazard_analysis', label: { en: 'Hazard analysis', vn: 'Phân tích mối nguy' }, long: true },
    { key: 'critical_control_points', label: { en: 'Critical control points', vn: 'Điểm kiểm soát tới hạn' }, long: true },
    { key: 'critical_limits', label: { en: 'Critical limits', vn: 'Giới hạn tới hạn' }, long: true },
    { key: 'monitoring_procedures', label: { en: 'Monitoring', vn: 'Giám sát' }, long: true },
    { key: 'corrective_actions', label: { en: 'Corrective actions', vn: 'Hành động khắc phục' }, long: true },
    { key: 'verification_procedures', label: { en: 'Verification', vn: 'Thẩm tra' }, long: true },
    { key: 'record_keeping', label: { en: 'Record keeping', vn: 'Lưu hồ sơ' }, long: true },
    { key: 'review_date', label: { en: 'Review date', vn: 'Ngày xem xét' } },
  ],
  management_plan_update: [
    { key: 'farm_name', label: { en: 'Farm name', vn: 'Tên trang trại' } },
    { key: 'crops', label: { en: 'Crops', vn: 'Cây trồng' } },
    { key: 'storage_and_hygiene', label: { en: 'Storage and hygiene', vn: 'Bảo quản và vệ sinh' }, long: true },
    { key: 'chemical_handling', label: { en: 'Chemical handling', vn: 'Quản lý hóa chất' }, long: true },
    { key: 'traceability', label: { en: 'Traceability', vn: 'Truy xuất nguồn gốc' }, long: true },
    { key: 'staff_training', label: { en: 'Staff training', vn: 'Đào tạo nhân viên' }, long: true },
    { key: 'water_and_soil', label: { en: 'Water and soil', vn: 'Nước và đất' }, long: true },
    { key: 'review_date', label: { en: 'Review date', vn: 'Ngày xem xét' } },
  ],
  pest_control_update: [
    { key: 'pest_control_operator', label: { en: 'Pest control operator', vn: 'Đơn vị kiểm soát dịch hại' } },
    { key: 'entries', label: { en: 'Log entries', vn: 'Các mục nhật ký' } },
  ],
};

/** The fields of a summary (inside its wrapper), or {} when it is not an object. */
export function summaryFieldsOf(type: ComplianceDocumentType, summary: unknown): Record<string, unknown> {
  const s = (typeof summary === 'string' ? safeJson(summary) : summary) as Record<string, unknown> | null | undefined;
  if (!s || typeof s !== 'object') return {};
  const w = SUMMARY_WRAPPER[type];
  const inner = w ? s[w] : s;
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
}

const TEXT_MAX = 4000;
const LIST_MAX = 50;
const text = z.string().max(TEXT_MAX);
const list = z.array(z.string().max(500)).max(LIST_MAX);
const strings = (keys: readonly string[]) => z.object(Object.fromEntries(keys.map((k) => [k, text]))).strict();
const keysOf = (t: ComplianceDocumentType) => SUMMARY_FIELDS[t].map((f) => f.key);

/**
 * A summary as a user may save it after review: exactly the fields of its type (no others), each
 * within its size. The extraction schemas (summaries.ts) stay unbounded for what a service answers.
 */
export const reviewedSummarySchemas = {
  establishment_update: z.object({ establishment_registration_document: strings(keysOf('establishment_update')) }).strict(),
  haccp_plan_update: z.object({ haccp_plan: strings(keysOf('haccp_plan_update')) }).strict(),
  management_plan_update: z.object({ management_plan: strings(keysOf('management_plan_update')) }).strict(),
  pest_control_update: z
    .object({
      pest_control_operator: text,
      entries: z
        .array(
          z
            .object({
              date: z.string().max(100),
              pests_treating_for: list,
              activity_level: z.record(z.string().max(200), z.string().max(500)).refine((r) => Object.keys(r).length <= LIST_MAX),
              bait_chemical_used: list,
              area_shed_treated: list,
            })
            .strict(),
        )
        .max(500),
    })
    .strict(),
} satisfies Record<ComplianceDocumentType, z.ZodType>;

const same = (a: unknown, b: unknown) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));
/** Values compared as a reader sees them: outer spaces, key order and empty vs missing do not count. */
function normal(v: unknown): unknown {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (Array.isArray(v)) return v.map(normal);
  if (typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k.trim(), normal(x)]),
    );
  return v;
}

/**
 * The fields a reviewed summary changed from the extracted one, as paths: 'address',
 * 'entries.2.bait_chemical_used' (entry numbers from 1), 'entries' when entries were added or removed.
 */
export function correctedFields(type: ComplianceDocumentType, extracted: unknown, reviewed: unknown): string[] {
  const a = summaryFieldsOf(type, extracted);
  const b = summaryFieldsOf(type, reviewed);
  const out: string[] = [];
  for (const f of SUMMARY_FIELDS[type]) {
    if (type === 'pest_control_update' && f.key === 'entries') {
      const ea = Array.isArray(a.entries) ? (a.entries as Array<Record<string, unknown>>) : [];
      const eb = Array.isArray(b.entries) ? (b.entries as Array<Record<string, unknown>>) : [];
      for (let i = 0; i < Math.min(ea.length, eb.length); i++)
        for (const ef of PEST_ENTRY_FIELDS) if (!same(ea[i][ef.key], eb[i][ef.key])) out.push(`entries.${i + 1}.${ef.key}`);
      if (ea.length !== eb.length) out.push('entries');
      continue;
    }
    if (!same(a[f.key], b[f.key])) out.push(f.key);
  }
  return out;
}

const ENTRY_WORD: Labels = { en: 'Log entry', vn: 'Mục nhật ký' };
const ENTRIES_CHANGED: Labels = { en: 'Log entries added or removed', vn: 'Thêm hoặc bớt mục nhật ký' };

/** A corrected field's name for the reader: "Address", "Log entry 2: Baits / chemicals used". */
export function fieldLabel(type: ComplianceDocumentType, path: string, lang: Language): string {
  if (path === 'entries') return ENTRIES_CHANGED[lang];
  const m = /^entries\.(\d+)\.(\w+)$/.exec(path);
  if (m) return `${ENTRY_WORD[lang]} ${m[1]}: ${PEST_ENTRY_FIELDS.find((f) => f.key === m[2])?.label[lang] ?? m[2]}`;
  return SUMMARY_FIELDS[type].find((f) => f.key === path)?.label[lang] ?? path;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
