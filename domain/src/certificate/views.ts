/**
 * The certificate as the API answers it and the UI reads it: one definition for both sides. The keys
 * are the public wire names ("approval", "approvalLevels", "stage", ...); docs/glossary.md maps them to
 * the words used in code. Types only, so importing this costs a bundle nothing.
 */
import type { IssuerIdentityView } from '../accounts/issuer-identity';
import type { Priority } from '../constants';
import type { DisplayStatus } from './display-status';
import type { ToggleCounts } from './list-toggles';
import type { AuditEntry, CertificateStatus, FarmFacts, LevelStatus } from './types';
import type { CertificatePermissions } from './viewer-permissions';
import type { IssuedCertificate } from './issued-certificate';
import type { RejectionNotice } from './rejection-notice';
import type { LevelProgress, WaitingFor } from './progress';
import type { RecordedStandardCheck } from '../standards/types';
import type { Revocation } from './revocation';

export interface SignerView {
  _id: string;
  fullName: string;
  email: string;
  role: string;
  /** The user id this signer acts for, when added by a delegation. */
  delegatedBy?: string;
}

/** A person the certificate form offers as a signer (no delegation). */
export type CompanyPerson = Omit<SignerView, 'delegatedBy'>;

/**
 * A personal digital signature as anyone can check it without our code (docs/verifying-a-certificate.md,
 * "A signer's personal digital signature"): `openssl dgst -sha256 -verify` with the certificate's public
 * key succeeds on `signedText`, and the certificate was issued by `caCertificate`.
 */
export interface DigitalSignatureView {
  /** The key's GUID: every key has its own (a re-issued key is a new one). */
  keyId: string;
  algorithm: 'ECDSA-P256-SHA256';
  /** base64 of the DER ECDSA signature. */
  value: string;
  /** The bytes signed: the content hash at signing time, its 64 hex characters as text, no newline. */
  signedText: string;
  /** PEM of the signer's certificate for that key (kept when the key is replaced). */
  certificate: string | null;
  /** PEM of the issuing company's CA certificate. */
  caCertificate: string | null;
}

/**
 * A signature made with a passkey (WebAuthn), stated so anyone can check it without our code: the
 * authenticator signed `authenticatorData || sha256(clientDataJSON)`, and clientDataJSON's challenge is
 * the base64url sha256 of `statement`, which names the content hash (docs/verifying-a-certificate.md).
 */
export interface PasskeySignatureView {
  /** Our id of the passkey (one per enrolment; a removed passkey keeps verifying what it signed). */
  keyId: string;
  /** The credential id the authenticator knows it by (base64url). */
  credentialId: string | null;
  /** ES256 (ECDSA P-256 with SHA-256) or RS256 (RSASSA-PKCS1-v1_5 with SHA-256). */
  algorithm: 'ES256' | 'RS256' | null;
  /** The exact text whose sha256 is the challenge: JSON naming certificate, number, level, content hash, signer and nonce. */
  statement: string;
  /** base64 of the authenticator data. */
  authenticatorData: string;
  /** base64 of the client data JSON (its `challenge` is base64url(sha256(statement))). */
  clientDataJSON: string;
  /** base64 of the signature (DER for ES256). */
  signature: string;
  /** The passkey's public key, SPKI PEM. */
  publicKey: string | null;
}

export interface SignedEntryView {
  userId: string;
  name: string;
  at: string;
  note?: string;
  onBehalfOf?: string;
  txId?: string;
  /** The content hash the signature was made over. */
  contentHash?: string;
  /** The signer's personal digital signature, when they signed with a key. */
  digitalSignature?: DigitalSignatureView;
  /** The signer's passkey signature, when they signed with a passkey. */
  passkeySignature?: PasskeySignatureView;
}

/** A signature a content change voided: it counts for nothing and is shown as such. */
export interface VoidedSignatureView extends SignedEntryView {
  voidedAt: string;
  /** The content hash after the change that voided it. */
  voidedFor: string;
}

export interface LevelView {
  _id: string;
  level: number;
  group: string;
  signers: SignerView[];
  /** Ids of the principals who signed (a delegate's signature counts for its delegator). */
  signed: string[];
  signedEntries: SignedEntryView[];
  /** Signatures voided because the content changed after they were made. */
  voided?: VoidedSignatureView[];
  /** The required count of distinct signatures (not the signatures themselves). */
  signatures: number;
  deadline: string;
  status: LevelStatus;
  comments: string[];
  overdue: boolean;
}

// A type alias, not an interface: a request schema's loose `{ _id, ... }` object accepts it as it is.
export type DocumentView = {
  _id: string;
  docName: string;
  docType?: string;
  description?: string;
  uploadUser?: string;
  uploadDate?: string;
  /**
   * Where the certificate's own copy opens (under /api): the exact version it holds, for anyone who may
   * see the certificate (`company/approval/{id}/document/{docId}`).
   */
  url?: string;
  /** The company document's file version the certificate holds, and the sha256 of its bytes. */
  version?: number;
  sha256?: string;
  /** The media type of that version's bytes (how a page may preview it: image, PDF, or a download). */
  mime?: string;
  farm?: FarmFacts;
  /** On the primary document: its farm facts checked against the standard of their claimed grade. */
  standardCheck?: RecordedStandardCheck;
  /** On the primary document: the grain photo the certificate holds, and where it opens (under /api). */
  photo?: { sha256: string; mime: string; url: string };
};

export interface AuditEntryView extends AuditEntry {
  actorName?: string;
}

export interface SubmitterView {
  _id: string;
  firstname: string;
  lastname: string;
  fullName: string;
}

/** What a certificate's detail answers. */
interface CertificateViewBase {
  _id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  /**
   * On the wire `stage` is the current level's id (null while a draft, and on list cards); the
   * level's number is `stageLevel` (the domain state's `stage`).
   */
  stage: string | null;
  stageLevel: number;
  status: CertificateStatus;
  displayStatus: DisplayStatus;
  overdue: boolean;
  summary: string;
  deadline: string;
  submitter: SubmitterView;
  approvalDoc: DocumentView | null;
  supportDocs: DocumentView[];
  approvalLevels: LevelView[];
  version: number;
}

/** One certificate as its detail answers it ("approval" on the wire). */
export interface CertificateView extends CertificateViewBase {
  company: string;
  startDate?: string;
  completedDate?: string;
  contentHash: string;
  chainId?: string;
  audit: AuditEntryView[];
  /** Why and by whom it was sent back, while that matters (rejection-notice.ts). */
  rejection?: RejectionNotice | null;
  /** Each level and, per signer, asked / opened / signed (progress.ts). */
  progress?: LevelProgress[];
  /** Who has to act next: the submitter (to submit, or to update and resubmit) or the signers of a level. */
  waitingFor?: WaitingFor | null;
  /** What the caller may do now (the server enforces it again). */
  can?: CertificatePermissions;
  /** Set once the issuing company revoked the issued certificate. */
  revocation?: Revocation | null;
  /** For admins (the operators): the certificate's workflow in the Temporal Web UI. */
  operatorUrl?: string | null;
}

/** A level on a list card: one progress segment. */
export interface ListCardLevel {
  level: number;
  group: string;
  status: LevelStatus;
  /** The required count of distinct signatures. */
  signatures: number;
  /** Distinct principals who signed it so far. */
  signedCount: number;
}

/**
 * A list card ("approval_list" items): only what the card shows (list-card.ts builds it); the detail
 * page reads the whole certificate.
 */
export interface CertificateListCard {
  _id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  status: CertificateStatus;
  displayStatus: DisplayStatus;
  overdue: boolean;
  /** The current level's number (0 while a draft). */
  stageLevel: number;
  deadline: string;
  /** The current level's due date (null while a draft; absent on cards stored before migration 041). */
  levelDue?: string | null;
  /** The primary document's type (null without one). */
  docType: string | null;
  /** The current level's group and who still has to sign. */
  currentGroup: string | null;
  assignees: string[];
  approvalLevels: ListCardLevel[];
  /**
   * Set once the issuing company revoked the issued certificate: when and why. Not part of the stored
   * card (a revocation is no change of the certificate's state): the list's query adds it to the card.
   */
  revocation?: { at: string; reason: string };
}

/** GET company/approvals. */
export interface CertificateListAnswer {
  approval_list: CertificateListCard[];
  counts: ToggleCounts;
  nextCursor: string | null;
}

/**
 * The answer of every call that reads or changes one certificate (GET company/approval/{id}, create,
 * update, sign, reject, delegate, remind, revoke, level update).
 */
export interface CertificateAnswer {
  approval: CertificateView;
}

/** POST company/approval/{id}/delete and company/approvaltemplate/{id}/delete. */
export interface OkAnswer {
  ok: true;
}

/** GET company/approvaltemplates. */
export interface TemplateListAnswer {
  templates: TemplateView[];
}

/** GET company/approvaltemplate/{id} and POST company/approvaltemplate/create (201). */
export interface TemplateAnswer {
  approvalTemplate: TemplateView;
}

/** GET company/approvals/overdue: the managers' dashboard, earliest deadline first. */
export interface OverdueAnswer {
  rows: OverdueRow[];
}

/** GET company/approval/create: the next free number and the company's signers. */
export interface CertificateFormInfo {
  approvalNumber: string;
  signers: CompanyPerson[];
  /** Farm records other certificates hold (being signed, sent back or issued): one lot, one certificate. */
  farmRecordsInUse?: Array<{ farmRecordId: string; approvalNumber: string; status: CertificateStatus }>;
}

export interface TemplateLevelView {
  group: string;
  signers: CompanyPerson[];
  signatures: number;
  dueInDays: number;
}

export interface TemplateView {
  _id: string;
  approvalName: string;
  priority?: Priority;
  approvalLevels: TemplateLevelView[];
  createdBy: string;
  createdOn: string;
}

/** A row of the managers' overdue dashboard. */
export interface OverdueRow {
  _id: string;
  approvalNumber: string;
  approvalName: string;
  level: number;
  group: string;
  deadline: string;
  overdue: boolean;
  /** Since when the current level holds the certificate (ISO). */
  since?: string;
  holders: Array<{ _id: string; fullName: string }>;
  remindersSent: number;
  /** The current level's id and its signers (not delegates), for reassigning it from the dashboard. */
  levelId: string;
  signers: Array<{ _id: string; fullName: string }>;
  /** What the viewer may do from the dashboard (CertificatePermissions.manage / adjust). */
  manage: boolean;
  adjust: boolean;
}

/** The completion block of a done certificate on the ledger. */
export interface LedgerAnchor {
  txId: string;
  blockNumber: number;
  blockHash: string;
  timestamp: string;
}

/** GET public/verify: only what the certificate itself shows. */
export interface PublicVerifyAnswer {
  approval: Pick<CertificateView, 'approvalNumber' | 'approvalName' | 'status' | 'completedDate' | 'contentHash' | 'chainId'> & {
    /** The company's name. */
    company: string;
    approvalLevels: Array<
      Pick<LevelView, 'level' | 'group' | 'status'> & {
        signed: Array<{
          name: string;
          at: string;
          txId?: string;
          onBehalfOf?: string | null;
          digitalSignature?: DigitalSignatureView;
          passkeySignature?: PasskeySignatureView;
        }>;
      }
    >;
    ledger: LedgerAnchor | null;
    pdfSha256: string | null;
    /** Every fact the issued certificate (the PDF) states, as it states them. */
    issued: IssuedCertificate;
    /** Set once the issuing company revoked it: the certificate no longer stands. */
    revocation: Revocation | null;
    /** Who issued it, as at issue: registration, whether the operator had verified it, the CA fingerprint and its did:web. */
    issuer: IssuerIdentityView;
    /** Its entry in the issuer's W3C Bitstring Status List (null before its credential is signed). */
    statusList?: StatusListView | null;
  };
}

/**
 * Where a verifier reads a credential's revocation status: the issuer's status list credential, the
 * certificate's bit in it, when the list was last signed, and how long a verifier may keep using a copy.
 */
export interface StatusListView {
  url: string;
  index: number;
  issuerDid: string;
  madeAt: string | null;
  maxAgeSeconds: number;
}

/**
 * POST public/verify/pdf: whether the file is byte for byte the issued PDF; a genuine one of a revoked
 * certificate is `match: true` with `status: 'revoked'` and the revocation (date, by whom, why).
 */
export interface PdfCheckAnswer {
  match: boolean;
  sha256: string;
  approvalNumber?: string;
  /** With a match: whether the certificate still stands. */
  status?: 'issued' | 'revoked';
  revocation?: Revocation | null;
}

/** GET public/verify/anchor: what the issuer's own domain publishes (did:web), read just now. */
export interface IssuerAnchorAnswer {
  did: string | null;
  /** Where the DID document was read; the CA fingerprint it must name. */
  url: string | null;
  caFingerprint: string | null;
  status: 'matches' | 'mismatch' | 'unreachable' | 'invalid' | 'none';
  checkedAt: string;
}

/** POST company/approvallevel/{id}/code: the code was mailed. */
export interface SigningCodeAnswer {
  invalidMsg: string;
  expiresAt?: string;
  level?: number;
  contentHashShort?: string;
}

/**
 * A passkey challenge for signing the current level (POST company/approvallevel/{id}/passkey): the
 * statement whose sha256 is the challenge, and the options for the platform's prompt.
 */
export interface PasskeyChallengeAnswer {
  challengeId: string;
  expiresAt: string;
  statement: string;
  options: { challenge: string } & Record<string, unknown>;
}

/** One certificate waiting for the caller's signature (GET company/approvals/inbox). */
export interface InboxItem {
  _id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  level: number;
  levelId: string;
  group: string;
  deadline: string;
  overdue: boolean;
  /** The submitter's name. */
  submitter: string;
  signed: number;
  signatures: number;
  /** The signer the caller signs for, when they are a delegate. */
  onBehalfOf?: string | null;
  /** "My team's overdue": whose signature the level still waits for. */
  waitingOn?: string[];
}

export interface InboxAnswer {
  inbox: InboxItem[];
  /** How many there are (the menu badge); the list holds at most the first 100. */
  count: number;
  /** For a manager or an admin: the company's overdue certificates they may chase, overdue longest first. */
  teamOverdue?: InboxItem[];
  teamOverdueCount?: number;
}

/** One check of an uploaded PDF or credential, shown on its own line on the public page. */
export type UploadCheckId = 'seal' | 'wholeDocument' | 'issuer' | 'verifiedIssuer' | 'asIssued' | 'content' | 'ledger' | 'signers' | 'notRevoked' | 'sealTime';
export interface UploadCheck {
  id: UploadCheckId;
  ok: boolean;
  /** What the check found: the sealing company, the ledger tx, the signers' names. */
  detail?: string;
}
export interface UploadCheckAnswer {
  kind: 'pdf' | 'credential';
  /** The issued certificate the file was found to be, when it was. */
  approvalNumber?: string;
  contentHash?: string;
  checks: UploadCheck[];
  /**
   * The verdict of the checks together: genuine (every check holds), revoked (genuine — the issued file,
   * sealed by its verified issuer — but revoked since: `revocation` says when, by whom and why), or
   * notGenuine (some check other than revocation fails).
   */
  verdict: 'genuine' | 'revoked' | 'notGenuine';
  revocation?: Revocation | null;
}

/** GET /api/public/verify/status: what a verifier asks before trusting a credential or PDF. */
export interface CredentialStatusAnswer {
  status: 'issued' | 'revoked';
  approvalNumber: string;
  contentHash: string;
  completedDate?: string;
  revocation: Revocation | null;
}
