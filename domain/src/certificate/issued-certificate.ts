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

/**
 * The issuer as it stood at issue (frozen with the certificate, issue 26 item 10): what the PDF prints,
 * and what the public views and checks compare with.
 */
export interface FrozenIssuer {
  name: string;
  address?: string;
  /** The company's registration as people write it ("ABN 51 824 753 556"), or its tax number as entered when not a valid one. */
  registration?: string;
  /** The register and the number as the CA and seal certificates state it (X.520 serialNumber); set when valid. */
  registrationScheme?: 'ABN' | 'VN-ESC';
  registrationNumber?: string;
  /** When the platform's operator verified this name and registration; null: an unverified issuer. */
  verifiedAt?: string | null;
  /** SHA-256 fingerprints (openssl's form) of the seal certificate that sealed it and of its CA. */
  sealFingerprint?: string;
  caFingerprint?: string;
  /** The did:web the company publishes on its own domain, from its website at issue. */
  did?: string | null;
}

/** What the certificate states beyond its own state, read from the issuer's records when it is issued. */
export interface IssuerFacts {
  issuer?: FrozenIssuer;
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
  issuer: {
    name: string;
    address: string | null;
    registration: string | null;
    /** When the platform's operator had verified the issuer's identity, as at issue; null: unverified. */
    verifiedAt: string | null;
  };
  /** What a holder types with the number to look the certificate up (the first 48 bits of its content hash). */
  verificationCode: string;
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
  };
  /** The measurements against the claimed grade's standard, as recorded when the draft was saved. */
  standardCheck: RecordedStandardCheck | null;
  supportDocuments: Array<{ name: string; docType: string | null }>;
  levels: Array<{ level: number; group: string; required: number; signatures: IssuedSignature[] }>;
  contentHash: string;
  chainId: string;
}

/**
 * The verification code printed on a certificate: the first 12 hex digits of its content hash, in three
 * groups ("3F9A-1C0B-77DE"). With the certificate number it names one issued certificate; without it a
 * number names none, so a holder of one certificate cannot walk a company's others (issue 26 item 9).
 */
export function verificationCode(contentHash: string): string {
  return (
    contentHash
      .slice(0, 12)
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  ).join('-');
}

/** The hash prefix a typed verification code stands for (any case, with or without dashes), or null. */
export function verificationCodePrefix(code: string): string | null {
  const hex = code.replace(/[\s-]/g, '').toLowerCase();
  return /^[0-9a-f]{12}$/.test(hex) ? hex : null;
}

/** Dates come from the completion time, so a retried render produces the same document. */
export function issuedCertificate(s: CertificateState, facts: IssuerFacts = {}): IssuedCertificate {
  const farm = s.approvalDoc?.farm ?? {};
  const issuedAt = s.completedDate ?? new Date().toISOString();
  const { validFrom, validTo } = certificateValidity(issuedAt);
  return {
    issuer: {
      name: facts.issuer?.name ?? s.companyId,
      address: facts.issuer?.address ?? null,
      registration: facts.issuer?.registration ?? null,
      verifiedAt: facts.issuer?.verifiedAt ?? null,
    },
    verificationCode: verificationCode(s.contentHash),
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
    },
    standardCheck: s.approvalDoc?.standardCheck ?? null,
    supportDocuments: s.supportDocs.map((d) => ({ name: d.name, docType: d.docType ?? null })),
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
