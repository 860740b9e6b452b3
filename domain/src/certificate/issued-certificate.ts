/**
 * The certificate as issued: every fact the certificate of quality states, in one shape. The PDF prints
 * it and the public verify page shows it, so a buyer reading either sees the same facts.
 */
import { CERTIFICATE_VALIDITY_YEARS } from '../constants';
import { formatTaxNumber, taxNumberKind } from '../validation';
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

/**
 * A farm record's quantity as the certificate writes it: tonnes, the unit farm records are kept in,
 * with thin-space thousands (read alike in English and Vietnamese, where "," and "." swap): "24 000 t".
 */
export function quantityText(tonnes: number | null | undefined): string | null {
  if (typeof tonnes !== 'number' || !Number.isFinite(tonnes)) return null;
  const [whole, frac] = String(tonnes).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009')}${frac ? `.${frac}` : ''} t`;
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
  /** Open critical corrective actions of the company when the certificate was issued (frozen at issue). */
  openCriticalActionsAtIssue?: number;
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
    /** The company's ABN ("51 824 753 556") or Vietnamese tax code ("0101248141-001"), as people read it. */
    registration: string | null;
    /** Which of the two `registration` is (null for an older number that is neither). */
    registrationKind: 'abn' | 'vnTaxCode' | null;
    /** When the platform's operator had verified the issuer's identity, as at issue; null: unverified. */
    verifiedAt: string | null;
  };
  /** What a holder types with the number to look the certificate up (the first 48 bits of its content hash). */
  verificationCode: string;
  /** The grower's membership number where the farm record states one; never an id of this system. */
  membershipNumber: string | null;
  number: string;
  name: string;
  /** yyyy-mm-dd */
  issued: string;
  validFrom: string;
  validTo: string;
  grain: {
    grainType: string | null;
    grade: string;
    /** Tonnes. */
    quantity: number | null;
    /** The quantity with its unit ("860 t"). */
    quantityText: string | null;
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
  /** True when the company had no open critical corrective action at issue; absent when not known. */
  noOpenCriticalActionsAtIssue?: boolean;
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
  const registration = facts.issuer?.registration?.trim() || null;
  return {
    issuer: {
      name: facts.issuer?.name ?? '',
      address: facts.issuer?.address ?? null,
      registration: registration && formatTaxNumber(registration),
      registrationKind: registration ? taxNumberKind(registration) : null,
      verifiedAt: facts.issuer?.verifiedAt ?? null,
    },
    verificationCode: verificationCode(s.contentHash),
    membershipNumber: farm.membershipNumber?.trim() || null,
    number: s.approvalNumber,
    name: s.approvalName,
    issued: issuedAt.slice(0, 10),
    validFrom,
    validTo,
    grain: {
      grainType: farm.grainType ?? null,
      grade: certificateGrade(farm),
      quantity: farm.quantity ?? null,
      quantityText: quantityText(farm.quantity),
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
    ...(facts.openCriticalActionsAtIssue !== undefined && { noOpenCriticalActionsAtIssue: facts.openCriticalActionsAtIssue === 0 }),
  };
}
