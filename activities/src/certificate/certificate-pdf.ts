import QRCode from 'qrcode';
import { certificateGrade, certificateValidity, MEMBER_ID_PREFIX, type CertificatePayload, type CertificateState } from '@grain/domain';

/** Dates come from the completion time, so a retried render produces the same document. */
export function certificatePayload(s: CertificateState): CertificatePayload {
  const farm = s.approvalDoc?.farm ?? {};
  const issued = s.completedDate ?? new Date().toISOString();
  const { validFrom, validTo } = certificateValidity(issued);
  return {
    certification_number: s.approvalNumber,
    location: farm.storageLocation ?? '',
    grade: certificateGrade(farm),
    membership_number: farm.membershipNumber ?? `${MEMBER_ID_PREFIX} ${s.companyId}`,
    date_of_certification: issued.slice(0, 10),
    chain_id: s.chainId ?? '',
    valid_from: validFrom,
    valid_to: validTo,
    creation_date: issued,
  };
}

/** The public verification page of a certificate, by content hash (what the PDF's QR code opens). */
export function verifyUrl(publicUrl: string, contentHash: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/views/verify?hash=${encodeURIComponent(contentHash)}`;
}

/** The QR code as inline SVG: the PDF renderer blocks every network request, so nothing is fetched. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#1b3a1b', light: '#ffffff' } });
}

export interface VerifyLink {
  url: string;
  /** The QR code of `url` as an SVG document (from qrSvg). */
  svg: string;
}

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function certificateHtml(s: CertificateState, p: CertificatePayload, verify?: VerifyLink): string {
  const rows = Object.entries(p).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  const levels = s.levels.map((l) => `
    <h3>Level ${l.level}: ${esc(l.group)} (${l.signed.length}/${l.signatures})</h3>
    <table class="grid"><tr><th>Signer</th><th>On behalf of</th><th>Signed at</th><th>Ledger tx</th></tr>
    ${l.signed.map((e) => `<tr><td>${esc(e.name)}</td><td>${esc(e.onBehalfOf ? (l.signers.find((x) => x.id === e.onBehalfOf)?.name ?? e.onBehalfOf) : '')}</td><td>${esc(e.at)}</td><td class="mono">${esc(e.txId ?? '')}</td></tr>`).join('')}
    </table>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(p.certification_number)}</title><style>
    body{font-family:sans-serif;color:#1b3a1b} h1{color:#2e7d32;margin-bottom:0} table{border-collapse:collapse;width:100%;margin:8px 0}
    th,td{border:1px solid #c8e6c9;padding:4px 6px;text-align:left;font-size:12px} th{background:#e8f5e9;width:30%} .mono{font-family:monospace;font-size:10px;word-break:break-all}
    .grid th{width:auto} .grid td:last-child{width:40%}
    .verify{display:flex;gap:12px;align-items:center;margin-top:16px;border-top:1px solid #c8e6c9;padding-top:8px} .verify svg{width:110px;height:110px;flex:none}
  </style></head><body>
    <h1>Grain Quality Certificate</h1><p>${esc(s.approvalName)} · ${esc(s.priority)} priority · submitted by ${esc(s.submitter.name)}</p>
    <table>${rows}</table>
    <h2>Signatures</h2>${levels}
    <p>Content hash: <span class="mono">${esc(s.contentHash)}</span></p>
    ${verify ? `<div class="verify" data-verify-url="${esc(verify.url)}">${verify.svg}<p>Scan to verify this certificate / Quét mã để xác minh chứng nhận:<br><span class="mono">${esc(verify.url)}</span></p></div>` : ''}
  </body></html>`;
}
