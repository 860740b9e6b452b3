import QRCode from 'qrcode';
import {
  certificateResolverPath,
  ISSUED_LABELS,
  issuedCertificate,
  percentText,
  requirementLimitText,
  type CertificatePayload,
  type CertificateState,
  type IssuedCertificate,
  type IssuedLabelKey,
} from '@grain/domain';

/** The ledger's completion payload: the issued certificate's facts under the keys the ledger keeps. */
export function certificatePayload(s: CertificateState): CertificatePayload {
  const c = issuedCertificate(s);
  return {
    certification_number: c.number,
    location: c.grain.storageLocation ?? '',
    grade: c.grain.grade,
    membership_number: c.membershipNumber ?? '',
    date_of_certification: c.issued,
    chain_id: c.chainId,
    valid_from: c.validFrom,
    valid_to: c.validTo,
    creation_date: s.completedDate ?? new Date().toISOString(),
  };
}

/** The one link of a certificate, by content hash (what the PDF's QR code opens: the resolver, which leads a browser to the verify page). */
export function verifyUrl(publicUrl: string, contentHash: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${certificateResolverPath(contentHash)}`;
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
const label = (k: IssuedLabelKey) => `${esc(ISSUED_LABELS[k][0])} <span class="vn">/ ${esc(ISSUED_LABELS[k][1])}</span>`;
const row = (k: IssuedLabelKey, v: unknown, cls = '') => `<tr><th>${label(k)}</th><td${cls ? ` class="${cls}"` : ''}>${esc(v)}</td></tr>`;

function qualitySection(c: IssuedCertificate): string {
  const check = c.standardCheck;
  if (!check || check.result === 'noStandard') {
    const note = check ? label('noStandard') : label('notChecked');
    return `<table class="grid"><tr><th>${label('requirement')}</th><th>${label('measured')}</th></tr>
      <tr><td>${label('protein')}</td><td>${esc(percentText(c.grain.protein))}</td></tr><tr><td>${label('moisture')}</td><td>${esc(percentText(c.grain.moisture))}</td></tr></table>
      <p class="note">${note}${check?.standardId ? ` (${esc(check.standardId)})` : ''}</p>`;
  }
  const rows = check.requirements
    .map(
      (r) =>
        `<tr><td>${label(r.measure)}</td><td>${esc(percentText(r.measured))}</td><td>${esc(requirementLimitText(r))}</td><td class="${r.pass ? 'pass' : 'fail'}">${label(r.pass ? 'pass' : 'fail')}</td></tr>`,
    )
    .join('');
  return `<p class="note">${label('standard')}: ${esc(check.standardName)} · ${esc(check.grade)} · ${label('season')} ${esc(check.season)} · ${esc(check.standardId)}</p>
    <table class="grid"><tr><th>${label('requirement')}</th><th>${label('measured')}</th><th>${label('limit')}</th><th>${label('result')}</th></tr>${rows}</table>
    ${check.deviationReason ? `<p class="deviation">${label('deviation')}: ${esc(check.deviationReason)}</p>` : ''}`;
}

function signaturesSection(c: IssuedCertificate): string {
  return c.levels
    .map((l) => {
      const rows = l.signatures
        .map(
          (e) =>
            `<tr><td>${esc(e.name)}</td><td>${esc(e.role)}</td><td>${esc(e.at.replace('T', ' ').slice(0, 19))}</td><td>${esc(e.onBehalfOf ?? '')}</td><td class="mono">${esc(e.fingerprint)}</td></tr>`,
        )
        .join('');
      return `<h3>${label('level')} ${l.level}: ${esc(l.group)} (${l.signatures.length}/${l.required})</h3>
      <table class="grid"><tr><th>${label('signer')}</th><th>${label('role')}</th><th>${label('signedAt')}</th><th>${label('onBehalfOf')}</th><th>${label('fingerprint')}</th></tr>${rows}</table>`;
    })
    .join('');
}

/**
 * The certificate of quality: issuer (name, address, ABN or Vietnamese tax code as people read it),
 * certificate, the grain with its quantity in tonnes and its measurements beside the standard's limits,
 * the support documents, every level's signers, and how to verify it; when the company had no open
 * critical corrective action at issue (the fact frozen then), it says so. No id of this system is printed
 * (a company id is the key to its other certificates). Labels are English with Vietnamese beside them;
 * sized for one A4 page for a typical certificate.
 */
export function certificateHtml(c: IssuedCertificate, verify?: VerifyLink): string {
  const docs = c.supportDocuments.length
    ? c.supportDocuments
        .map(
          (d) =>
            `<li>${esc(d.name)}${d.docType ? ` (${esc(d.docType)})` : ''}${d.version !== null ? ` · ${label('docVersion')} ${esc(d.version)}` : ''}${d.sha256 ? `<br><span class="mono">sha256 ${esc(d.sha256)}</span>` : ''}</li>`,
        )
        .join('')
    : `<li>${label('none')}</li>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(c.number)}</title><style>
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
      ${row('issuer', c.issuer.name)}${c.issuer.address ? row('address', c.issuer.address) : ''}${c.issuer.registration ? row(c.issuer.registrationKind ?? 'registration', c.issuer.registration) : ''}
      <tr><th>${label('issuerIdentity')}</th><td class="${c.issuer.verifiedAt ? 'pass' : 'fail'}">${c.issuer.verifiedAt ? `${label('identityVerified')} (${esc(c.issuer.verifiedAt.slice(0, 10))})` : label('identityUnverified')}</td></tr>
      ${c.membershipNumber ? row('membership', c.membershipNumber) : ''}
      ${row('number', c.number)}${row('name', c.name)}
      ${row('issued', c.issued)}${row('validFrom', c.validFrom)}${row('validTo', c.validTo)}
    </table>
    ${c.noOpenCriticalActionsAtIssue ? `<p class="note">${label('noOpenCriticalActions')}</p>` : ''}
    <h2>${label('grain')}</h2>
    <table class="facts">
      ${row('grainType', c.grain.grainType ?? '')}${row('harvestGrade', c.grain.grade)}${row('quantity', c.grain.quantityText ?? '')}
      ${row('storage', c.grain.storageLocation ?? '')}${row('productionDate', c.grain.productionDate ?? '')}
      ${row('farmRecord', c.grain.farmRecord ?? '')}${row('farmTx', c.grain.farmRecordTxId ?? '', 'mono')}${c.grain.photoSha256 ? row('photo', c.grain.photoSha256, 'mono') : ''}
    </table>
    <h3>${label('quality')}</h3>${qualitySection(c)}
    <h3>${label('supportDocs')}</h3><ul>${docs}</ul>
    <h2>${label('signatures')}</h2>${signaturesSection(c)}
    <table class="facts">${row('verificationCode', c.verificationCode, 'mono')}${row('contentHash', c.contentHash, 'mono')}${row('chainId', c.chainId, 'mono')}</table>
    ${verify ? `<div class="verify" data-verify-url="${esc(verify.url)}">${verify.svg}<p>Scan to verify this certificate / Quét mã để xác minh chứng nhận:<br><span class="mono">${esc(verify.url)}</span></p></div>` : ''}
  </body></html>`;
}
