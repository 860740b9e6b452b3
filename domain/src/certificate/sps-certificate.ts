/**
 * The issued certificate as a UN/CEFACT SPS e-Cert (`SPSCertificate`, the message the IPPC ePhyto hub
 * exchanges; issue 31 item 5): the exchanged document (number, type, issue date, the issuing company, the
 * measurements and validity as notes, each signature of the approval chain as a signatory authentication,
 * and references to the sealed PDF and the credential), and the consignment (the issuing company as
 * consignor with its ABN or Vietnamese tax code, the origin country, and the grain lot as a trade line item:
 * commodity, grade, net weight in tonnes). Built from the same facts the PDF prints and the credential
 * states (issuedCertificate), so the three never disagree. Pure: no I/O, no Node built-ins; every value is
 * escaped for XML.
 *
 * Element names are those of the UN/CEFACT SPS Certificate schema (rsm: SPSCertificate:17, ram:
 * ReusableAggregateBusinessInformationEntity:21, udt: UnqualifiedDataType:21). The official XSD could not be
 * had on the build machine; the tests validate against a schema of our own for this structure
 * (docs/spec-deviations.md).
 */
import type { IssuedCertificate } from './issued-certificate';

const SPS_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:SPSCertificate:17',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:21',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:21',
} as const;

/** The document type code: UN/CEFACT 1001 code 852, "Quality certificate" (a certificate of a product's quality). */
const SPS_QUALITY_CERTIFICATE_TYPE = '852';
/** UN/ECE Recommendation 20 unit code of the net weight: tonne (metric ton). */
const SPS_TONNE_UNIT = 'TNE';
/** UN/ECE Recommendation 20 unit code of a measurement: percent. */
const PERCENT_UNIT = 'P1';

export interface SpsContext {
  /** The certificate's one link (what its QR code opens). */
  resolverUrl: string;
  /** The sealed PDF's public address and its SHA-256 (null until it is recorded). */
  pdf: { url: string; sha256: string | null };
  /** The credential's public address (vc+jwt). */
  credentialUrl: string;
}

/** Escapes a value for XML text and attribute values (and drops the characters XML 1.0 cannot carry). */
export function xmlEscape(v: unknown): string {
  return (
    String(v ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
  );
}

/** The country a certificate's grain comes from: Australia for an ABN, Viet Nam for a Vietnamese tax code. */
export function spsOriginCountry(c: IssuedCertificate): { id: 'AU' | 'VN'; name: string } | null {
  if (c.issuer.registrationKind === 'abn') return { id: 'AU', name: 'Australia' };
  if (c.issuer.registrationKind === 'vnTaxCode') return { id: 'VN', name: 'Viet Nam' };
  return null;
}

type Attrs = Record<string, string | undefined>;
/** One element: `el('ram:Name', 'x')`, nested with an array of children; nothing for an absent value. */
function el(name: string, content: string | number | null | undefined | string[], attrs: Attrs = {}): string {
  if (content === null || content === undefined || content === '') return '';
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join('');
  const body = Array.isArray(content) ? content.filter(Boolean).join('') : xmlEscape(content);
  return body === '' ? '' : `<${name}${a}>${body}</${name}>`;
}
const dateTime = (name: string, v: string) => el(name, [el('udt:DateTimeString', v)]);
const note = (subject: string, content: string | number | null, extra: string[] = []) =>
  content === null || content === '' ? '' : el('ram:IncludedSPSNote', [el('ram:Subject', subject), el('ram:Content', content), ...extra]);
const lineNote = (subject: string, content: string | number | null, unit?: string) =>
  content === null || content === ''
    ? ''
    : el('ram:AdditionalInformationSPSNote', [
        el('ram:Subject', subject),
        el('ram:Content', content),
        el('ram:ContentMeasure', unit ? content : null, { unitCode: unit }),
      ]);

/** The issuing company as an SPS party: its name, its registration (schemeID ABN or VN-TAX), its address. */
function party(tag: string, c: IssuedCertificate): string {
  const digits = c.issuer.registration?.replace(/\s+/g, '') || null;
  const scheme = c.issuer.registrationKind === 'abn' ? 'ABN' : c.issuer.registrationKind === 'vnTaxCode' ? 'VN-TAX' : undefined;
  const country = spsOriginCountry(c);
  return el(tag, [
    el('ram:ID', digits, { schemeID: scheme }),
    el('ram:Name', c.issuer.name),
    c.issuer.address || country ? el('ram:SpecifiedSPSAddress', [el('ram:LineOne', c.issuer.address), el('ram:CountryID', country?.id ?? null)]) : '',
  ]);
}

/** The SPSCertificate XML document of an issued certificate. */
export function spsCertificateXml(c: IssuedCertificate, ctx: SpsContext): string {
  const country = spsOriginCountry(c);
  const check = c.standardCheck;
  const product = [c.grain.grainType, c.grain.grade].filter(Boolean).join(' ');
  const signatures = c.levels.flatMap((l) => l.signatures.map((s) => ({ ...s, level: l.level, group: l.group })));
  const document = el('rsm:SPSExchangedDocument', [
    el('ram:Name', `Grain quality certificate ${c.number}`),
    el('ram:ID', c.number),
    el('ram:Description', c.name),
    el('ram:TypeCode', SPS_QUALITY_CERTIFICATE_TYPE, { name: 'Quality certificate' }),
    // 70: the document is issued (UN/CEFACT 1373 "Original" status of an issued certificate)
    el('ram:StatusCode', '70'),
    dateTime('ram:IssueDateTime', c.issued),
    party('ram:IssuerSPSParty', c),
    note('Valid from', c.validFrom),
    note('Valid to', c.validTo),
    note('Verification code', c.verificationCode),
    note('Content hash (SHA-256)', c.contentHash),
    note('Ledger record', c.chainId),
    check && check.result !== 'noStandard'
      ? note(`Standard ${check.standardName}, grade ${check.grade}, season ${check.season}`, check.result === 'pass' ? 'pass' : 'fail')
      : '',
    check?.deviationReason ? note('Deviation', check.deviationReason) : '',
    ...signatures.map((s) =>
      el('ram:SignatorySPSAuthentication', [
        dateTime('ram:ActualDateTime', s.at),
        el('ram:ProviderSPSParty', [
          el('ram:Name', c.issuer.name),
          el('ram:SpecifiedSPSPerson', [el('ram:Name', s.name), el('ram:AttainedSPSQualification', [el('ram:Name', s.role)])]),
        ]),
        el('ram:IncludedSPSClause', [el('ram:ID', '1'), el('ram:Content', `Level ${s.level}: ${s.group}`)]),
        s.onBehalfOf ? el('ram:IncludedSPSClause', [el('ram:ID', '2'), el('ram:Content', `On behalf of ${s.onBehalfOf}`)]) : '',
        el('ram:IncludedSPSClause', [el('ram:ID', '3'), el('ram:Content', `Signature fingerprint ${s.fingerprint}`)]),
      ]),
    ),
    el('ram:ReferenceSPSReferencedDocument', [
      el('ram:TypeCode', '852'),
      el('ram:RelationshipTypeCode', 'AAL'),
      el('ram:ID', ctx.pdf.url),
      el('ram:Information', ctx.pdf.sha256 ? `application/pdf; SHA-256 ${ctx.pdf.sha256}` : 'application/pdf'),
    ]),
    el('ram:ReferenceSPSReferencedDocument', [
      el('ram:TypeCode', '852'),
      el('ram:RelationshipTypeCode', 'AAL'),
      el('ram:ID', ctx.credentialUrl),
      el('ram:Information', 'application/vc+jwt; UNTP Digital Conformity Credential'),
    ]),
    el('ram:ReferenceSPSReferencedDocument', [
      el('ram:RelationshipTypeCode', 'ZZZ'),
      el('ram:ID', ctx.resolverUrl),
      el('ram:Information', 'application/linkset+json'),
    ]),
  ]);
  const lineItem = el('ram:IncludedSPSTradeLineItem', [
    el('ram:SequenceNumeric', '1'),
    el('ram:Description', product),
    el('ram:CommonName', c.grain.grainType),
    el('ram:NetWeightMeasure', c.grain.quantity, { unitCode: SPS_TONNE_UNIT }),
    lineNote('Storage location', c.grain.storageLocation),
    lineNote('Production date', c.grain.productionDate),
    lineNote('Farm record', c.grain.farmRecord),
    lineNote('protein', c.grain.protein, PERCENT_UNIT),
    lineNote('moisture', c.grain.moisture, PERCENT_UNIT),
    el('ram:ApplicableSPSClassification', [el('ram:SystemName', 'Grain grade'), el('ram:ClassCode', c.grain.grade), el('ram:ClassName', product)]),
    country ? el('ram:OriginSPSCountry', [el('ram:ID', country.id), el('ram:Name', country.name)]) : '',
  ]);
  const consignment = el('rsm:SPSConsignment', [
    party('ram:ConsignorSPSParty', c),
    country ? el('ram:ExportSPSCountry', [el('ram:ID', country.id), el('ram:Name', country.name)]) : '',
    el('ram:IncludedSPSConsignmentItem', [lineItem]),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:SPSCertificate xmlns:rsm="${SPS_NAMESPACES.rsm}" xmlns:ram="${SPS_NAMESPACES.ram}" xmlns:udt="${SPS_NAMESPACES.udt}">${document}${consignment}</rsm:SPSCertificate>\n`;
}
