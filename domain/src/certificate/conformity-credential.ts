/**
 * The issued certificate as a W3C Verifiable Credential (data model 2.0) in the shape of a UNTP Digital
 * Conformity Credential: the issuing company attests that a grain lot conforms to a grade standard, with
 * the measurements, the approval chain's signatures as endorsements and the ledger record as evidence.
 * Built from the same facts the PDF prints (issuedCertificate), so the two never disagree. Signing it
 * (a JWT with the company seal's key) is the API's part.
 */
import type { IssuedCertificate } from './issued-certificate';

export const CREDENTIAL_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://test.uncefact.org/vocabulary/untp/dcc/0.5.0/'];

export interface ConformityCredential {
  '@context': string[];
  type: string[];
  id: string;
  issuer: { type: string[]; id: string; name: string; registration?: string };
  validFrom: string;
  validUntil: string;
  name: string;
  credentialSubject: Record<string, unknown>;
  credentialStatus?: Record<string, unknown>;
}

export interface CredentialContext {
  /** The certificate's id (the credential's urn:uuid). */
  certificateId: string;
  /** The public page of the certificate (verify by content hash): subject id and where to check it. */
  verifyUrl: string;
  /** The issuing company's id, as a URN under the app (until a did:web of its own). */
  issuerId: string;
  /** Where the credential's current status (issued / revoked) is read. */
  statusUrl: string;
}

export function conformityCredential(c: IssuedCertificate, ctx: CredentialContext): ConformityCredential {
  const check = c.standardCheck;
  const measured = [
    ['protein', c.grain.protein],
    ['moisture', c.grain.moisture],
  ].filter((m): m is [string, number] => typeof m[1] === 'number');
  return {
    '@context': CREDENTIAL_CONTEXTS,
    type: ['VerifiableCredential', 'DigitalConformityCredential'],
    id: `urn:uuid:${ctx.certificateId}`,
    issuer: { type: ['CredentialIssuer'], id: ctx.issuerId, name: c.issuer.name, ...(c.issuer.registration ? { registration: c.issuer.registration } : {}) },
    validFrom: `${c.validFrom}T00:00:00Z`,
    validUntil: `${c.validTo}T23:59:59Z`,
    name: `Grain quality certificate ${c.number}`,
    credentialSubject: {
      type: ['ConformityAttestation'],
      id: ctx.verifyUrl,
      name: c.name,
      certificateNumber: c.number,
      assessorLevel: 'Self',
      attestationType: 'certification',
      conformityTopic: 'quality',
      assessment: [
        {
          type: ['ConformityAssessment'],
          assessmentDate: c.issued,
          assessedProduct: [
            {
              type: ['Product'],
              name: [c.grain.grainType, c.grain.grade].filter(Boolean).join(' '),
              grainType: c.grain.grainType,
              grade: c.grain.grade,
              ...(c.grain.quantity !== null ? { quantity: { value: c.grain.quantity, unit: 'TNE' } } : {}),
              ...(c.grain.storageLocation ? { storageLocation: c.grain.storageLocation } : {}),
              ...(c.grain.productionDate ? { productionDate: c.grain.productionDate } : {}),
            },
          ],
          ...(check && check.result !== 'noStandard'
            ? {
                assessmentCriteria: [{ type: ['Criterion'], id: check.standardId, name: check.standardName, season: check.season, grade: check.grade }],
                conformance: check.result === 'pass',
                ...(check.deviationReason ? { deviationReason: check.deviationReason } : {}),
              }
            : {}),
          declaredValue: measured.map(([metric, value]) => {
            const limit = check && check.result !== 'noStandard' ? check.requirements.find((r) => r.measure === metric) : undefined;
            return {
              metricName: metric,
              metricValue: { value, unit: 'P1' },
              ...(limit?.min !== undefined ? { minimum: limit.min } : {}),
              ...(limit?.max !== undefined ? { maximum: limit.max } : {}),
            };
          }),
        },
      ],
      // each signature of the approval chain: who endorsed the certificate, for which level, when
      endorsement: c.levels.flatMap((l) =>
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
      ),
      evidence: [
        { type: ['LedgerRecord'], name: 'Completion record', id: `urn:grain-ledger:${c.chainId}`, contentHash: c.contentHash },
        ...(c.grain.farmRecordTxId
          ? [{ type: ['LedgerRecord'], name: `Farm record ${c.grain.farmRecord ?? ''}`.trim(), id: `urn:grain-ledger:${c.grain.farmRecordTxId}` }]
          : []),
        // the exact bytes the signers approved: the grain photo and each support document's version
        ...(c.grain.photoSha256 ? [{ type: ['GrainPhoto'], name: 'Grain photo', sha256: c.grain.photoSha256 }] : []),
        ...c.supportDocuments.flatMap((d) => (d.sha256 ? [{ type: ['SupportDocument'], name: d.name, version: d.version, sha256: d.sha256 }] : [])),
      ],
    },
    credentialStatus: { type: 'GrainCertificateStatus', id: ctx.statusUrl },
  };
}
