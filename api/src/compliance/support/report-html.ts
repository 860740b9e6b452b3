import {
  auditorLabel,
  auditorOf,
  checkTitle,
  correctionsOf,
  farmerInfoOf,
  itemText,
  type CorrectiveActionState,
  type Language,
  type StoredComplianceReport,
} from '@grain/domain';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The report's headings in both languages (the screen's own words live in the UI's compliance i18n). */
const WORDS = {
  title: { en: 'Compliance Audit Report', vn: 'Báo cáo kiểm tra tuân thủ' },
  reportId: { en: 'Report ID', vn: 'Mã báo cáo' },
  reportDate: { en: 'Report Date', vn: 'Ngày báo cáo' },
  farmer: { en: "Farmer's Information", vn: 'Thông tin nông dân' },
  name: { en: 'Name', vn: 'Tên' },
  address: { en: 'Address', vn: 'Địa chỉ' },
  contact: { en: 'Contact', vn: 'Liên hệ' },
  website: { en: 'Website', vn: 'Website' },
  notStated: { en: 'Not stated', vn: 'Không ghi' },
  total: { en: 'Total Checks', vn: 'Tổng số mục kiểm tra' },
  compliant: { en: 'Compliant', vn: 'Tuân thủ' },
  nonCompliant: { en: 'Non-Compliant', vn: 'Không tuân thủ' },
  result: { en: 'Result', vn: 'Kết quả' },
  requirement: { en: 'Requirement', vn: 'Yêu cầu' },
  evidence: { en: 'Evidence', vn: 'Bằng chứng' },
  recommendations: { en: 'Recommendations', vn: 'Khuyến nghị' },
  noRecommendations: { en: 'No recommendations provided.', vn: 'Không có khuyến nghị.' },
  auditedBy: { en: 'Audited by', vn: 'Kiểm tra bởi' },
  corrected: { en: 'Fields the user corrected before the audit', vn: 'Các trường người dùng đã sửa trước khi kiểm tra' },
  actions: { en: 'Corrective actions', vn: 'Hành động khắc phục' },
  noActions: { en: 'No corrective actions for this farm.', vn: 'Trang trại này không có hành động khắc phục nào.' },
  actionCheck: { en: 'Check', vn: 'Mục kiểm tra' },
  actionOwner: { en: 'Owner', vn: 'Người phụ trách' },
  actionDue: { en: 'Due', vn: 'Hạn' },
  actionState: { en: 'State', vn: 'Trạng thái' },
  actionEvidence: { en: 'Evidence', vn: 'Bằng chứng' },
  stateOpen: { en: 'Open', vn: 'Đang mở' },
  stateOverdue: { en: 'Overdue', vn: 'Quá hạn' },
  stateClosed: { en: 'Closed (verified)', vn: 'Đã đóng (đã xác minh)' },
  noCorrections: {
    en: 'The audit read the fields as extracted; the user corrected none.',
    vn: 'Việc kiểm tra dùng các trường như đã trích xuất; người dùng không sửa trường nào.',
  },
} satisfies Record<string, Record<Language, string>>;

/**
 * The Compliance Audit Report as printable HTML (rendered to PDF by Chromium) in the reader's
 * language: the same blocks as the report modal of docs/spec/farm-data-and-documents.md §2 — report
 * id and date, farmer's information, who audited (rules or an AI model), the fields the user
 * corrected, totals, one numbered card per check (Non-Compliant in red), then the farm's corrective
 * actions (open, overdue, closed with the evidence of the verified fix).
 */
export function complianceReportHtml(
  report: StoredComplianceReport,
  establishmentSummary: unknown,
  lang: Language = 'en',
  actions: readonly CorrectiveActionState[] = [],
): string {
  const w = (k: keyof typeof WORDS) => WORDS[k][lang];
  const orMissing = (s: string | undefined) => (s && s.trim() ? esc(s) : `<i>${w('notStated')}</i>`);
  const farmer = farmerInfoOf(establishmentSummary);
  const auditor = auditorLabel(auditorOf(report), lang, report.inspector);
  const corrections = correctionsOf(report, lang);
  const cards = report.compliance_audit
    .map((i, n) => {
      const bad = i.result === 'Non-Compliant';
      const t = itemText(i, lang);
      return `<section class="card"><h3>${n + 1}. ${esc(checkTitle(i.compliance_check_item, lang))}</h3>
<p><b>${w('result')}:</b> <span class="${bad ? 'bad' : 'ok'}">${bad ? w('nonCompliant') : w('compliant')}</span></p>
<p><b>${w('requirement')}:</b> ${orMissing(t.requirement)}</p><p><b>${w('evidence')}:</b> ${orMissing(t.evidence)}</p>
<p><b>${w('recommendations')}:</b> ${t.recommendations ? esc(t.recommendations) : w('noRecommendations')}</p></section>`;
    })
    .join('\n');
  const correctedBlock = corrections.length
    ? `<div class="box"><b>${w('corrected')}</b><ul>${corrections.map((c) => `<li>${esc(c.document)}: ${esc(c.fields.join(', '))}</li>`).join('')}</ul></div>`
    : `<div class="box">${w('noCorrections')}</div>`;
  const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  // Open first, then overdue among them, then closed ones with the evidence their verified fix carried.
  const actionRows = actions
    .map((a) => {
      const closed = a.status === 'verified';
      const fix = closed ? a.fixes[a.fixes.length - 1] : undefined;
      const state = closed ? w('stateClosed') : a.overdue ? w('stateOverdue') : w('stateOpen');
      const evidence = fix ? fix.evidence.map((e) => `${esc(e.fileName)} (SHA-256 ${esc(e.sha256.slice(0, 16))}…)`).join('<br>') : '-';
      return `<tr><td>${esc(checkTitle(a.finding.check, lang))} (${esc(a.severity)})</td><td>${esc(a.owner.name)}</td><td>${day(a.dueAt)}</td><td class="${closed ? 'ok' : a.overdue ? 'bad' : ''}">${state}</td><td>${evidence}</td></tr>`;
    })
    .join('');
  const actionsBlock = `<h2>${w('actions')}</h2>${
    actions.length
      ? `<table class="actions"><tr><th>${w('actionCheck')}</th><th>${w('actionOwner')}</th><th>${w('actionDue')}</th><th>${w('actionState')}</th><th>${w('actionEvidence')}</th></tr>${actionRows}</table>`
      : `<p>${w('noActions')}</p>`
  }`;
  return `<!doctype html><html lang="${lang === 'vn' ? 'vi' : 'en'}"><head><meta charset="utf-8"><title>${w('title')}</title><style>
body{font-family:Helvetica,Arial,sans-serif;font-size:10.5pt;color:#222}h1{font-size:18pt;margin:0 0 8px}
.meta td{padding:2px 10px 2px 0}.box{border:1px solid #ccc;border-radius:6px;padding:8px 12px;margin:10px 0}.box ul{margin:4px 0 0;padding-left:18px}
.totals span{display:inline-block;margin-right:24px}.card{border:1px solid #ddd;border-radius:6px;padding:6px 12px;margin:8px 0;page-break-inside:avoid}
.card h3{margin:4px 0;font-size:11.5pt}.bad{color:#c62828;font-weight:bold}.ok{color:#2e7d32;font-weight:bold}
footer{margin-top:16px;color:#555}h2{font-size:14pt;margin:16px 0 6px}.actions{border-collapse:collapse;width:100%}
.actions td,.actions th{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top;font-size:9.5pt}</style></head><body>
<h1>${w('title')}</h1>
<table class="meta"><tr><td><b>${w('reportId')}:</b></td><td>${esc(report.report_id)}</td></tr><tr><td><b>${w('reportDate')}:</b></td><td>${esc(report.report_date.slice(0, 10))}</td></tr>
<tr><td><b>${w('auditedBy')}:</b></td><td>${esc(auditor)}</td></tr></table>
<div class="box"><b>${w('farmer')}</b><br>${w('name')}: ${orMissing(farmer.name)}<br>${w('address')}: ${orMissing(farmer.address)}<br>${w('contact')}: ${orMissing(farmer.contact)}<br>${w('website')}: ${orMissing(farmer.website)}</div>
${correctedBlock}
<div class="box totals"><span><b>${w('total')}:</b> ${report.totals.total}</span><span class="ok">${w('compliant')}: ${report.totals.compliant}</span><span class="bad">${w('nonCompliant')}: ${report.totals.non_compliant}</span></div>
${cards}
${actionsBlock}
<footer>${w('auditedBy')}: ${esc(auditor)}</footer></body></html>`;
}
