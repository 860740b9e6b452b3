/**
 * The certificate as issued: every fact the certificate of quality states, in one shape. The PDF prints
 * it and the public verify page shows it, so a buyer reading either sees the same facts.
 */
import { CERTIFICATE_VALIDITY_YEARS, MEMBER_ID_PREFIX } from '../constants';
import type { RecordedStandardCheck } from '../standards/types';
import { sha256Hex } from './sha256';
import type { CertificateState, FarmFacts, SignedEntry } from './types';

/**
 * The grade the certificate states: the harvest grade the farm record claims (FEED when none). Whether
 * the measurements meet that grade is the standard check kept beside it, not a grade derived from them.
 */
export function certificateGrade(farm: FarmFacts): string {
  return farm.harvestGrade ?? 'FEED';
}

/** Valid from the day of issue for CERTIFICATE_VALIDITY_YEARS years (yyyy-mm-dd, UTC). */
export function certificateValidity(issuedAt: string): { validFrom: string; validTo: string } {
  const to = new Date(issuedAt);
  to.setUTCFullYear(to.getUTCFullYear() + CERTIFICATE_VALIDITY_YEARS);
  return { validFrom: issuedAt.slice(0, 10), validTo: to.toISOString().slice(0, 10) };
}

/** A measurement as the certificate writes it ("11.5 %", "-" when not measured). */
export function percentText(n: number | null | undefined): string {
  return typeof n === 'number' ? `${n} %` : '-';
}

/** A requirement's limits as the certificate writes them ("≥ 10.5 %", "≤ 12.5 %"). */
export function requirementLimitText(r: { min?: number; max?: number }): string {
  return [r.min !== undefined && `≥ ${r.min} %`, r.max !== undefined && `≤ ${r.max} %`].filter(Boolean).join(', ');
}

/** The signature's fingerprint: a short digest of the signature id and the content it was made over. */
export function signatureFingerprint(e: SignedEntry): string {
  return e.signatureValue ? sha256Hex(`${e.signatureValue}:${e.contentHash ?? ''}`).slice(0, 16) : '-';
}

/** What the certificate states beyond its own state, read from the issuer's records when it is issued. */
export interface IssuerFacts {
  issuer?: { name: string; address?: string; /** The company's registration (tax file) number. */ registration?: string };
  farmRecord?: { number: string; /** yyyy-mm-dd */ productionDate?: string; txId?: string | null };
}

export interface IssuedSignature {
  name: string;
  role: string;
  /** ISO time. */
  at: string;
  /** The name of the signer this signature counts for, when signed by a delegate. */
  onBehalfOf: string | null;
  fingerprint: string;
}

export interface IssuedCertificate {
  issuer: { name: string; address: string | null; registration: string | null };
  membershipNumber: string;
  number: string;
  name: string;
  /** yyyy-mm-dd */
  issued: string;
  validFrom: string;
  validTo: string;
  grain: {
    grainType: string | null;
    grade: string;
    quantity: number | null;
    storageLocation: string | null;
    productionDate: string | null;
    farmRecord: string | null;
    farmRecordTxId: string | null;
    protein: number | null;
    moisture: number | null;
    /** sha256 of the farm record's grain photo the signers approved (null when none was held). */
    photoSha256: string | null;
  };
  /** The measurements against the claimed grade's standard, as recorded when the draft was saved. */
  standardCheck: RecordedStandardCheck | null;
  /** Each support document as the signers approved it: its file version and the sha256 of its bytes. */
  supportDocuments: Array<{ name: string; docType: string | null; version: number | null; sha256: string | null }>;
  levels: Array<{ level: number; group: string; required: number; signatures: IssuedSignature[] }>;
  contentHash: string;
  chainId: string;
}

/** Dates come from the completion time, so a retried render produces the same document. */
export function issuedCertificate(s: CertificateState, facts: IssuerFacts = {}): IssuedCertificate {
  const farm = s.approvalDoc?.farm ?? {};
  const issuedAt = s.completedDate ?? new Date().toISOString();
  const { validFrom, validTo } = certificateValidity(issuedAt);
  return {
    issuer: { name: facts.issuer?.name ?? s.companyId, address: facts.issuer?.address ?? null, registration: facts.issuer?.registration ?? null },
    membershipNumber: farm.membershipNumber ?? `${MEMBER_ID_PREFIX} ${s.companyId}`,
    number: s.approvalNumber,
    name: s.approvalName,
    issued: issuedAt.slice(0, 10),
    validFrom,
    validTo,
    grain: {
      grainType: farm.grainType ?? null,
      grade: certificateGrade(farm),
      quantity: farm.quantity ?? null,
      storageLocation: farm.storageLocation ?? null,
      productionDate: facts.farmRecord?.productionDate || null,
      farmRecord: facts.farmRecord?.number ?? s.approvalDoc?.name ?? null,
      farmRecordTxId: facts.farmRecord?.txId ?? null,
      protein: farm.protein ?? null,
      moisture: farm.moisture ?? null,
      photoSha256: s.approvalDoc?.photo?.sha256 ?? null,
    },
    standardCheck: s.approvalDoc?.standardCheck ?? null,
    supportDocuments: s.supportDocs.map((d) => ({ name: d.name, docType: d.docType ?? null, version: d.version ?? null, sha256: d.sha256 ?? null })),
    levels: s.levels.map((l) => {
      const signer = (id: string) => l.signers.find((x) => x.id === id);
      return {
        level: l.level,
        group: l.group,
        required: l.signatures,
        signatures: l.signed.map((e) => ({
          name: e.name,
          role: signer(e.userId)?.role ?? '',
          at: e.at,
          onBehalfOf: e.onBehalfOf ? (signer(e.onBehalfOf)?.name ?? e.onBehalfOf) : null,
          fingerprint: signatureFingerprint(e),
        })),
      };
    }),
    contentHash: s.contentHash,
    chainId: s.chainId ?? '',
  };
}
