/**
 * The issued certificate as a W3C Verifiable Credential (data model 2.0) that conforms to the UNTP
 * Digital Conformity Credential of UNTP_VERSION (its JSON Schema is checked in the tests): the issuing
 * company attests that a grain lot meets a grade standard, with the measurements, the standard's limits as
 * criteria, the approval chain's signatures and the ledger record. The issuer is a DID (did:web); the
 * credential's status is its bit in the issuer's W3C Bitstring Status List. Built from the same facts the
 * PDF prints and the SPS XML states (issuedCertificate), so they never disagree. Signing it (a vc+jwt
 * with the seal that sealed the PDF) is the activity's part, at issue.
 */
import type { IssuedCertificate } from './issued-certificate';
import { statusListEntry, UNTP_DCC_CONTEXT, UNTP_DCC_SCHEMA_URL, UNTP_VERSION } from './verifiable';

export const CREDENTIAL_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', UNTP_DCC_CONTEXT];

/** The UNTP conformity topic a grain quality certificate falls under (the code list has no "quality"; docs/spec-deviations.md). */
const TOPIC = 'governance.compliance';

export interface ConformityCredential {
  '@context': string[];
  type: string[];
  id: string;
  issuer: { type: string[]; id: string; name: string; issuerAlsoKnownAs?: Array<{ id: string; name: string; registeredId?: string }> };
  validFrom: string;
  validUntil: string;
  name: string;
  credentialSchema: { id: string; type: 'JsonSchema' };
  credentialSubject: Record<string, unknown>;
  credentialStatus: ReturnType<typeof statusListEntry>;
}

export interface CredentialContext {
  /** The certificate's id (the credential's urn:uuid). */
  certificateId: string;
  /** The server's public URL (the resolver, the status list). */
  publicUrl: string;
  /** The certificate's one link (what its QR code opens): the attestation's id. */
  resolverUrl: string;
  /** The DID the credential is issued as (issuerDidOf). */
  issuerDid: string;
  companyId: string;
  /** Its index in the issuer's status list. */
  statusIndex: number;
  /** The issued PDF (sealed) and its SHA-256: the attestation's conformityCertificate. */
  pdf?: { url: string; sha256: string };
}

/** Where a registration is looked up: the register's own page for an ABN; the number alone (a URN) for a Vietnamese code. */
function registerId(c: IssuedCertificate): { id: string; name: string; registeredId: string } | null {
  const digits = c.issuer.registration?.replace(/\s+/g, '');
  if (!digits) return null;
  const id = c.issuer.registrationKind === 'abn' ? `https://abr.business.gov.au/ABN/View?abn=${digits}` : `urn:vn:enterprise-code:${digits}`;
  return { id, name: c.issuer.name, registeredId: digits };
}

/** A standard check that found the grade's standard (the criteria a certificate states). */
type Standard = Exclude<NonNullable<IssuedCertificate['standardCheck']>, { result: 'noStandard' }>;
const measure = (metricName: string, value: number) => ({ type: ['Metric'], metricName, metricValue: { type: ['Measure'], value, unit: 'P1' } });
const lotName = (c: IssuedCertificate) => [c.grain.grainType, c.grain.grade].filter(Boolean).join(' ');

/** The measurements the certificate states (protein, moisture), as declared values. */
function declaredValues(c: IssuedCertificate) {
  return (
    [
      ['protein', c.grain.protein],
      ['moisture', c.grain.moisture],
    ] as const
  )
    .filter((m): m is readonly ['protein' | 'moisture', number] => typeof m[1] === 'number')
    .map(([metric, value]) => measure(metric, value));
}

/** One bound of a standard's requirement (protein ≥ 10 %) as a sub-criterion. */
function boundCriteria(standard: Standard, r: Standard['requirements'][number]) {
  return (
    [
      ['min', r.min],
      ['max', r.max],
    ] as const
  )
    .filter((x): x is readonly ['min' | 'max', number] => typeof x[1] === 'number')
    .map(([bound, value]) => ({
      type: ['Criterion'],
      id: `urn:grain-standard:${encodeURIComponent(standard.standardId)}:${r.measure}:${bound}`,
      name: `${r.measure} ${bound === 'min' ? 'minimum' : 'maximum'}`,
      description: `${r.measure} ${bound === 'min' ? '≥' : '≤'} ${value} %`,
      conformityTopic: TOPIC,
      status: 'active',
      thresholdValue: measure(r.measure, value),
    }));
}

/** The claimed grade's standard as the assessment's criteria (and the reason for a deviation from it). */
function standardCriteria(standard: Standard) {
  return {
    assessmentCriteria: [
      {
        type: ['Criterion'],
        id: `urn:grain-standard:${encodeURIComponent(standard.standardId)}`,
        name: standard.standardName,
        description: `${standard.standardName}, season ${standard.season}, grade ${standard.grade}`,
        conformityTopic: TOPIC,
        status: 'active',
        subCriterion: standard.requirements.flatMap((r) => boundCriteria(standard, r)),
      },
    ],
    ...(standard.deviationReason ? { deviationReason: standard.deviationReason } : {}),
  };
}

/** The grain lot assessed. */
function assessedProduct(c: IssuedCertificate, certId: string) {
  return {
    type: ['ProductVerification'],
    product: { id: `${certId}#lot`, name: lotName(c), ...(c.grain.farmRecord ? { batchNumber: c.grain.farmRecord } : {}) },
    IDverifiedByCAB: false,
    grainType: c.grain.grainType,
    grade: c.grain.grade,
    ...(c.grain.quantity !== null ? { quantity: { type: ['Measure'], value: c.grain.quantity, unit: 'TNE' } } : {}),
    ...(c.grain.storageLocation ? { storageLocation: c.grain.storageLocation } : {}),
    ...(c.grain.productionDate ? { productionDate: c.grain.productionDate } : {}),
  };
}

/** The conformity assessment: the lot against its grade's standard, with what was measured. */
function assessment(c: IssuedCertificate, certId: string) {
  const check = c.standardCheck;
  const standard = check && check.result !== 'noStandard' ? check : null;
  return {
    type: ['ConformityAssessment', 'Declaration'],
    id: `${certId}#assessment`,
    name: lotName(c),
    assessmentDate: c.issued,
    conformityTopic: TOPIC,
    // a measurement that meets the claimed grade's standard; with no standard on file nothing is claimed
    conformance: check?.result === 'pass',
    ...(standard ? standardCriteria(standard) : {}),
    declaredValue: declaredValues(c),
    assessedProduct: [assessedProduct(c, certId)],
  };
}

/** Each signature of the approval chain: who endorsed the certificate, for which level, when. */
const endorsements = (c: IssuedCertificate) =>
  c.levels.flatMap((l) =>
    l.signatures.map((x) => ({
      type: ['Endorsement'],
      level: l.level,
      group: l.group,
      name: x.name,
      role: x.role,
      date: x.at,
      ...(x.onBehalfOf ? { onBehalfOf: x.onBehalfOf } : {}),
      fingerprint: x.fingerprint,
    })),
  );

/** The ledger records, and the exact bytes the signers approved: the grain photo and each support document's version. */
const evidence = (c: IssuedCertificate) => [
  { type: ['LedgerRecord'], name: 'Completion record', id: `urn:grain-ledger:${c.chainId}`, contentHash: c.contentHash },
  ...(c.grain.farmRecordTxId
    ? [{ type: ['LedgerRecord'], name: `Farm record ${c.grain.farmRecord ?? ''}`.trim(), id: `urn:grain-ledger:${c.grain.farmRecordTxId}` }]
    : []),
  ...(c.grain.photoSha256 ? [{ type: ['GrainPhoto'], name: 'Grain photo', sha256: c.grain.photoSha256 }] : []),
  ...c.supportDocuments.flatMap((d) => (d.sha256 ? [{ type: ['SupportDocument'], name: d.name, version: d.version, sha256: d.sha256 }] : [])),
];

/** The sealed PDF as the attestation's conformity certificate (a link with its digest). */
const conformityCertificate = (c: IssuedCertificate, pdf: CredentialContext['pdf']) =>
  pdf
    ? {
        conformityCertificate: {
          type: ['SecureLink', 'Link'],
          linkURL: pdf.url,
          linkName: `Certificate ${c.number} (PDF)`,
          linkType: 'application/pdf',
          hashDigest: pdf.sha256,
          hashMethod: 'SHA-256',
        },
      }
    : {};

/** The credential's subject: the issuing company's attestation about the lot. */
function attestation(c: IssuedCertificate, ctx: CredentialContext, certId: string, registered: ReturnType<typeof registerId>) {
  return {
    type: ['ConformityAttestation', 'Attestation'],
    id: ctx.resolverUrl,
    name: c.name,
    description: `Grain quality certificate ${c.number} (UNTP DCC ${UNTP_VERSION})`,
    assessorLevel: 'Self',
    assessmentLevel: 'Unspecified',
    attestationType: 'certification',
    issuedToParty: { id: ctx.issuerDid, name: c.issuer.name, ...(registered ? { registeredId: registered.registeredId } : {}) },
    ...conformityCertificate(c, ctx.pdf),
    certificateNumber: c.number,
    verificationCode: c.verificationCode,
    contentHash: c.contentHash,
    assessment: [assessment(c, certId)],
    endorsement: endorsements(c),
    evidence: evidence(c),
  };
}

export function conformityCredential(c: IssuedCertificate, ctx: CredentialContext): ConformityCredential {
  const registered = registerId(c);
  const certId = `urn:uuid:${ctx.certificateId}`;
  return {
    '@context': CREDENTIAL_CONTEXTS,
    type: ['DigitalConformityCredential', 'VerifiableCredential'],
    id: certId,
    issuer: { type: ['CredentialIssuer'], id: ctx.issuerDid, name: c.issuer.name, ...(registered ? { issuerAlsoKnownAs: [registered] } : {}) },
    validFrom: `${c.validFrom}T00:00:00Z`,
    validUntil: `${c.validTo}T23:59:59Z`,
    name: `Grain quality certificate ${c.number}`,
    credentialSchema: { id: UNTP_DCC_SCHEMA_URL, type: 'JsonSchema' },
    credentialSubject: attestation(c, ctx, certId, registered),
    credentialStatus: statusListEntry(ctx.publicUrl, ctx.companyId, ctx.issuerDid, ctx.statusIndex),
  };
}
