import { farmerInfoOf, type StoredComplianceReport } from '@grain/domain';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const orNA = (s: string | undefined) => (s && s.trim() ? esc(s) : 'N/A');

/**
 * The Compliance Audit Report as printable HTML (rendered to PDF by Chromium): the same blocks as the
 * report modal of docs/spec/farm-data-and-documents.md §2 — report id and date, farmer's information from the establishment
 * document, totals, one numbered card per check (Non-Compliant in red), inspector.
 */
export function complianceReportHtml(report: StoredComplianceReport, establishmentSummary: unknown): string {
  const farmer = farmerInfoOf(establishmentSummary);
  const cards = report.compliance_audit
    .map((i, n) => {
      const bad = i.result === 'Non-Compliant';
      return `<section class="card"><h3>${n + 1}. ${esc(i.compliance_check_item.replace(/_/g, ' '))}</h3>
<p><b>Result:</b> <span class="${bad ? 'bad' : 'ok'}">${orNA(i.result)}</span></p>
<p><b>Requirement:</b> ${orNA(i.requirement)}</p><p><b>Evidence:</b> ${orNA(i.evidence)}</p>
<p><b>Recommendations:</b> ${i.recommendations ? esc(i.recommendations) : 'No recommendations provided.'}</p></section>`;
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Compliance Audit Report</title><style>
body{font-family:Helvetica,Arial,sans-serif;font-size:10.5pt;color:#222}h1{font-size:18pt;margin:0 0 8px}
.meta td{padding:2px 10px 2px 0}.box{border:1px solid #ccc;border-radius:6px;padding:8px 12px;margin:10px 0}
.totals span{display:inline-block;margin-right:24px}.card{border:1px solid #ddd;border-radius:6px;padding:6px 12px;margin:8px 0;page-break-inside:avoid}
.card h3{margin:4px 0;font-size:11.5pt;text-transform:capitalize}.bad{color:#c62828;font-weight:bold}.ok{color:#2e7d32;font-weight:bold}
footer{margin-top:16px;color:#555}</style></head><body>
<h1>Compliance Audit Report</h1>
<table class="meta"><tr><td><b>Report ID:</b></td><td>${esc(report.report_id)}</td></tr><tr><td><b>Report Date:</b></td><td>${esc(report.report_date.slice(0, 10))}</td></tr></table>
<div class="box"><b>Farmer's Information</b><br>Name: ${orNA(farmer.name)}<br>Address: ${orNA(farmer.address)}<br>Contact: ${orNA(farmer.contact)}<br>Website: ${orNA(farmer.website)}</div>
<div class="box totals"><span><b>Total Checks:</b> ${report.totals.total}</span><span class="ok">Compliant: ${report.totals.compliant}</span><span class="bad">Non-Compliant: ${report.totals.non_compliant}</span></div>
${cards}
<footer>Inspector: ${esc(report.inspector)}</footer></body></html>`;
}
