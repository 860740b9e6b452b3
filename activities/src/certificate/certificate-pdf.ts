import QRCode from 'qrcode';
import {
  certificateGrade,
  certificateValidity,
  MEMBER_ID_PREFIX,
  sha256Hex,
  type CertificatePayload,
  type CertificateState,
  type RequirementResult,
  type SignedEntry,
} from '@grain/domain';
import type { CertificateFacts } from './certificate-facts';
import { LABELS, type LabelKey } from './certificate-labels';

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

/** "English / Tiếng Việt" as the label of a fact. */
const label = (k: LabelKey) => `${esc(LABELS[k][0])} <span class="vn">/ ${esc(LABELS[k][1])}</span>`;
const row = (k: LabelKey, v: unknown, cls = '') => `<tr><th>${label(k)}</th><td${cls ? ` class="${cls}"` : ''}>${esc(v)}</td></tr>`;
const pct = (n: number | null | undefined) => (typeof n === 'number' ? `${n} %` : '-');
const limitOf = (r: RequirementResult) => [r.min !== undefined && `≥ ${r.min} %`, r.max !== undefined && `≤ ${r.max} %`].filter(Boolean).join(', ');

/** The signature's fingerprint: a short digest of the signature id and the content it was made over. */
export function signatureFingerprint(e: SignedEntry): string {
  return e.signatureValue ? sha256Hex(`${e.signatureValue}:${e.contentHash ?? ''}`).slice(0, 16) : '-';
}

function qualitySection(s: CertificateState): string {
  const farm = s.approvalDoc?.farm ?? {};
  const check = s.approvalDoc?.standardCheck;
  if (!check || check.result === 'noStandard') {
    const note = check ? label('noStandard') : label('notChecked');
    return `<table class="grid"><tr><th>${label('requirement')}</th><th>${label('measured')}</th></tr>
      <tr><td>${label('protein')}</td><td>${esc(pct(farm.protein))}</td></tr><tr><td>${label('moisture')}</td><td>${esc(pct(farm.moisture))}</td></tr></table>
      <p class="note">${note}${check?.standardId ? ` (${esc(check.standardId)})` : ''}</p>`;
  }
  const rows = check.requirements
    .map(
      (r) =>
        `<tr><td>${label(r.measure)}</td><td>${esc(pct(r.measured))}</td><td>${esc(limitOf(r))}</td><td class="${r.pass ? 'pass' : 'fail'}">${label(r.pass ? 'pass' : 'fail')}</td></tr>`,
    )
    .join('');
  return `<p class="note">${label('standard')}: ${esc(check.standardName)} · ${esc(check.grade)} · ${label('season')} ${esc(check.season)} · ${esc(check.standardId)}</p>
    <table class="grid"><tr><th>${label('requirement')}</th><th>${label('measured')}</th><th>${label('limit')}</th><th>${label('result')}</th></tr>${rows}</table>
    ${check.deviationReason ? `<p class="deviation">${label('deviation')}: ${esc(check.deviationReason)}</p>` : ''}`;
}

function signaturesSection(s: CertificateState): string {
  return s.levels
    .map((l) => {
      const nameOf = (id: string) => l.signers.find((x) => x.id === id)?.name ?? id;
      const roleOf = (id: string) => l.signers.find((x) => x.id === id)?.role ?? '';
      const rows = l.signed
        .map(
          (e) =>
            `<tr><td>${esc(e.name)}</td><td>${esc(roleOf(e.userId))}</td><td>${esc(e.at.replace('T', ' ').slice(0, 19))}</td><td>${esc(e.onBehalfOf ? nameOf(e.onBehalfOf) : '')}</td><td class="mono">${esc(signatureFingerprint(e))}</td></tr>`,
        )
        .join('');
      return `<h3>${label('level')} ${l.level}: ${esc(l.group)} (${l.signed.length}/${l.signatures})</h3>
      <table class="grid"><tr><th>${label('signer')}</th><th>${label('role')}</th><th>${label('signedAt')}</th><th>${label('onBehalfOf')}</th><th>${label('fingerprint')}</th></tr>${rows}</table>`;
    })
    .join('');
}

/**
 * The certificate of quality: issuer, certificate, the grain with its measurements beside the
 * standard's limits, the support documents, every level's signers, and how to verify it. Labels are
 * English with Vietnamese beside them; sized for one A4 page for a typical certificate.
 */
export function certificateHtml(s: CertificateState, p: CertificatePayload, verify?: VerifyLink, facts: CertificateFacts = {}): string {
  const farm = s.approvalDoc?.farm ?? {};
  const issuer = facts.issuer;
  const record = facts.farmRecord;
  const docs = s.supportDocs.length
    ? s.supportDocs.map((d) => `<li>${esc(d.name)}${d.docType ? ` (${esc(d.docType)})` : ''}</li>`).join('')
    : `<li>${label('none')}</li>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(p.certification_number)}</title><style>
    @page{size:A4;margin:12mm} body{font-family:sans-serif;color:#1b3a1b;font-size:10px;margin:0}
    h1{color:#2e7d32;margin:0 0 2px;font-size:18px} h2{font-size:12px;margin:8px 0 2px;color:#2e7d32} h3{font-size:10.5px;margin:4px 0 1px}
    table{border-collapse:collapse;width:100%;margin:2px 0} th,td{border:1px solid #c8e6c9;padding:2px 4px;text-align:left;vertical-align:top}
    th{background:#e8f5e9;font-weight:600} .facts th{width:34%} .vn{color:#4f6f4f;font-weight:normal;font-style:italic}
    .mono{font-family:monospace;font-size:8.5px;word-break:break-all}
    .pass{color:#1b5e20;font-weight:600} .fail{color:#b71c1c;font-weight:600} .note{margin:2px 0} .deviation{border:1px solid #e65100;padding:3px;color:#bf360c}
    ul{margin:2px 0;padding-left:16px}
    .verify{display:flex;gap:12px;align-items:center;margin-top:16px;border-top:1px solid #c8e6c9;padding-top:8px} .verify svg{width:110px;height:110px;flex:none}
  </style></head><body>
    <h1>${label('title')}</h1>
    <table class="facts">
      ${row('issuer', issuer?.name ?? s.companyId)}${issuer?.address ? row('address', issuer.address) : ''}${issuer?.registration ? row('registration', issuer.registration) : ''}
      ${row('membership', p.membership_number)}
      ${row('number', p.certification_number)}${row('name', s.approvalName)}
      ${row('issued', p.date_of_certification)}${row('validFrom', p.valid_from)}${row('validTo', p.valid_to)}
    </table>
    <h2>${label('grain')}</h2>
    <table class="facts">
      ${row('grainType', farm.grainType ?? '')}${row('harvestGrade', p.grade)}${row('quantity', farm.quantity ?? '')}
      ${row('storage', p.location)}${row('productionDate', record?.productionDate ?? '')}
      ${row('farmRecord', record?.number ?? s.approvalDoc?.name ?? '')}${row('farmTx', record?.txId ?? '', 'mono')}
    </table>
    <h3>${label('quality')}</h3>${qualitySection(s)}
    <h3>${label('supportDocs')}</h3><ul>${docs}</ul>
    <h2>${label('signatures')}</h2>${signaturesSection(s)}
    <table class="facts">${row('contentHash', s.contentHash, 'mono')}${row('chainId', p.chain_id, 'mono')}</table>
    ${verify ? `<div class="verify" data-verify-url="${esc(verify.url)}">${verify.svg}<p>Scan to verify this certificate / Quét mã để xác minh chứng nhận:<br><span class="mono">${esc(verify.url)}</span></p></div>` : ''}
  </body></html>`;
}
