/**
 * The grain certificate (docs/spec/approvals.md §3 "Approval" / "Approval level"), the commands that change it and
 * the effects a change asks the outside world to carry out. This is the contract between the pure
 * machine (machine.ts), the Temporal workflow, the activities, the read model and the API.
 *
 * Status meanings (docs/spec/approvals.md §4, made precise):
 *   created   - a draft; lives only in the read model until submitted
 *   signing   - submitted; the current level has no signature yet
 *   pending   - the current level has some signatures but fewer than required
 *   rejected  - sent back to an earlier level; its signers may sign again, the submitter may edit and resubmit
 *   done      - every level reached its required signatures
 *   cancelled - withdrawn by the submitter or an admin (the spec's delete)
 * "overdue" is not a status: it is the `overdue` flag, set when a deadline passes before done.
 */
import type { Priority } from '../constants';
import type { RecordedStandardCheck } from '../standards/types';

export const CERTIFICATE_STATUSES = ['created', 'signing', 'pending', 'rejected', 'done', 'cancelled'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Level status: created = not reached yet; signing/pending = current (no / some signatures); rejected = sent back to. */
export const LEVEL_STATUSES = ['created', 'signing', 'pending', 'rejected', 'done'] as const;
export type LevelStatus = (typeof LEVEL_STATUSES)[number];

export interface Person {
  id: string;
  name: string;
  email: string;
}

export interface Signer extends Person {
  /** Position shown in the approver table (e.g. "Inspector"). */
  role: string;
  /** Set when this signer was added by a delegation: the user id they act on behalf of. */
  delegatedBy?: string;
  /** When this signer was added to a level already under way (in flight), and so asked from then. */
  askedAt?: string;
}

export interface SignedEntry {
  userId: string;
  name: string;
  /** The delegator this signature counts for, when signed by a delegate. */
  onBehalfOf?: string;
  /** ISO time. */
  at: string;
  note?: string;
  /** Ledger transaction id of this signature (filled once the ledger entry is written). */
  txId?: string;
  /**
   * The signer's personal digital signature, when they hold a key: `<key GUID>:<base64 DER ECDSA
   * signature>` over the content hash's 64 hex characters (as UTF-8, no newline), verified when made.
   */
  signatureValue?: string;
  /** The content hash the signature was made over. */
  contentHash: string;
}

/** A signature that no longer counts: the content changed after it was made. Kept for the audit trail. */
export interface VoidedSignature extends SignedEntry {
  contentHash: string;
  /** ISO time of the change that voided it. */
  voidedAt: string;
  /** The content hash it was voided for (the certificate's hash after the change). */
  voidedFor: string;
}

/** What a content change touched, as told to the signers whose signatures it voided. */
export const CONTENT_CHANGES = ['name', 'priority', 'summary', 'farmRecord', 'documents', 'levels'] as const;
export type ContentChange = (typeof CONTENT_CHANGES)[number];

export interface Delegation {
  fromUserId: string;
  fromName: string;
  to: Signer[];
  note: string;
  at: string;
  txId?: string;
}

export interface CertificateLevel {
  id: string;
  /** 1-based position in the chain. */
  level: number;
  /** Display name of the approver group (e.g. "Farm Data Signing"). */
  group: string;
  signers: Signer[];
  signed: SignedEntry[];
  /** Signatures voided by a content change (they count for nothing; shown in the audit trail). */
  voided?: VoidedSignature[];
  /** Required count of distinct signatures, 1..10. */
  signatures: number;
  /** ISO due time. */
  deadline: string;
  status: LevelStatus;
  /** Strings of the form "name: text" (docs/spec/approvals.md §3). */
  comments: string[];
  delegations: Delegation[];
  overdue: boolean;
  startedAt?: string;
  completedAt?: string;
  /** When the due time was last changed in flight: the level's timers are planned anew from then. */
  dueChangedAt?: string;
  /** When someone last sent the pending signers a reminder by hand, or escalated the level (rate limits). */
  remindedAt?: string;
  escalatedAt?: string;
}

/**
 * A document attached to a certificate. The primary document is usually a farm data record. A support
 * document is held as one version of a company document: its file version and the sha256 of its bytes,
 * both covered by the content hash, so the certificate keeps the bytes its signers approved whatever
 * the document library does later (absent only on certificates saved before versions were held).
 */
export interface DocumentRef {
  id: string;
  name: string;
  docType?: string;
  description?: string;
  uploadedBy?: string;
  uploadedAt?: string;
  url?: string;
  /** The company document's file version this certificate holds. */
  version?: number;
  /** sha256 (hex) of that version's bytes. */
  sha256?: string;
}

/** The farm record's verified grain photo a certificate holds: the bytes are named by their sha256. */
export interface GrainPhotoRef {
  sha256: string;
  mime: string;
}

/** Fields of the farm data record behind the primary document, used by the certificate PDF. */
export interface FarmFacts {
  storageLocation?: string;
  protein?: number;
  moisture?: number;
  grainType?: string;
  harvestGrade?: string;
  quantity?: number;
  membershipNumber?: string;
}

export interface PrimaryDocument extends DocumentRef {
  farm?: FarmFacts;
  /**
   * The farm facts checked against the standard of their claimed grade when the draft was saved: which
   * standard version, each requirement's outcome and, when it failed, why it is issued anyway.
   */
  standardCheck?: RecordedStandardCheck;
  /**
   * The farm record's verified grain photo when the draft was saved (a photo checked in this app; an
   * external verification service keeps its photos itself, so nothing is held for those).
   */
  photo?: GrainPhotoRef;
}

/** Reminder timers per level; tests use seconds, production the domain defaults (24 h and 1 h before). */
export interface ReminderConfig {
  /** Offsets before a level's deadline at which pending signers get a reminder. */
  offsetsMs: number[];
  /** After the deadline, reminders and escalations repeat at this interval until the level moves on. */
  overdueRepeatMs: number;
}

export interface AuditEntry {
  at: string;
  actorId: string;
  action: CommandType | 'ledger' | 'pdf' | 'signatureVoided';
  level?: number;
  detail?: string;
  /** A reject: the level it sent the certificate back to, and why. */
  toLevel?: number;
  reason?: string;
  /** An edit or resubmit: which parts of the content it changed. */
  changed?: ContentChange[];
  /** A level adjusted in flight: its due time before and after, the signers added and removed (names). */
  dueBefore?: string;
  dueAfter?: string;
  added?: string[];
  removed?: string[];
  /** A reminder or escalation sent by hand: to whom it went. */
  to?: NudgeTarget;
  /** A ledger record: which event, under which tx id. */
  event?: LedgerEventType;
  txId?: string;
  /** A voided signature: the (short) hash it was made over, and the content's hash now. */
  signedOver?: string;
  contentNow?: string;
}

/** Whom a reminder sent by hand goes to: the level's pending signers, or the escalation list (managers). */
export type NudgeTarget = 'signers' | 'escalation';

export interface CertificateState {
  id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  summary: string;
  status: CertificateStatus;
  /** Level number (1-based) of the current stage; 0 while a draft. */
  stage: number;
  companyId: string;
  submitter: Person;
  approvalDoc: PrimaryDocument | null;
  supportDocs: DocumentRef[];
  levels: CertificateLevel[];
  /** ISO; equals the last level's deadline. */
  deadline: string;
  startDate?: string;
  completedDate?: string;
  /** Incremented by every accepted command; the read model never moves a row to a lower version. */
  version: number;
  overdue: boolean;
  reminders: ReminderConfig;
  escalateTo: Person[];
  /** Hash of the signable content (numbers, names, documents, levels' set-up); OTPs are bound to it. */
  contentHash: string;
  /** The id of the certificate's workflow (certificateWorkflowId), set by the workflow from submit on; absent on a draft. */
  workflowId?: string;
  /** Storage key of the generated certificate PDF once done. */
  pdfKey?: string;
  /** Ledger tx id of the completion record (the payload's chain_id). */
  chainId?: string;
  audit: AuditEntry[];
}

/** The level set-up a submitter writes (ids are assigned when missing). */
export interface LevelDraft {
  id?: string;
  group: string;
  signers: Signer[];
  signatures: number;
  deadline: string;
}

/** What the API saves as a draft and hands to the workflow on submit. */
export interface CertificateDraft {
  id: string;
  approvalNumber: string;
  approvalName: string;
  priority?: Priority;
  summary?: string;
  companyId: string;
  submitter: Person;
  approvalDoc?: PrimaryDocument | null;
  supportDocs?: DocumentRef[];
  levels: LevelDraft[];
  reminders?: Partial<ReminderConfig>;
  /** The company's managers at submit time: they get the overdue escalation mail with the submitter. */
  escalateTo?: Person[];
}

/** The fields an edit may change (while created or rejected). Levels before the current stage are kept. */
export type CertificateChanges = Partial<
  Pick<CertificateDraft, 'approvalName' | 'priority' | 'summary' | 'approvalDoc' | 'supportDocs' | 'levels' | 'reminders'>
>;

/** What a draft edit may change: everything an edit may, plus the number and whom overdue mail escalates to. */
export type DraftChanges = CertificateChanges & Partial<Pick<CertificateDraft, 'approvalNumber' | 'escalateTo'>>;

/** Who issues a command. The API fills it from the session; the machine trusts it for identity only. */
export interface CommandActor {
  id: string;
  name: string;
  /** The actor's role is admin (may edit / cancel any certificate of the company). */
  isAdmin?: boolean;
  /** The actor holds manageApproval (may remind, escalate and adjust a level of any certificate in flight). */
  isManager?: boolean;
}

interface Base {
  actor: CommandActor;
  /** ISO time of the command (workflow time in the workflow). */
  at: string;
}

export type CertificateCommand =
  | ({ type: 'submit' } & Base)
  | ({ type: 'edit'; changes: CertificateChanges } & Base)
  | ({ type: 'editDraft'; changes: DraftChanges } & Base)
  | ({ type: 'resubmit'; changes?: CertificateChanges } & Base)
  | ({ type: 'sign'; note?: string; signatureValue?: string } & Base)
  | ({ type: 'reject'; toLevel: number; reason: string } & Base)
  | ({ type: 'delegate'; to: Signer[]; note?: string } & Base)
  | ({ type: 'deadlinePassed'; level: number } & Base)
  | ({ type: 'cancel'; reason?: string } & Base)
  /** A level's due time or signers changed while the certificate is in flight (no rejection). */
  | ({ type: 'adjustLevel'; level: number; deadline?: string; signers?: Signer[] } & Base)
  /** A reminder (to the pending signers) or an escalation (to the managers) sent by hand, rate-limited. */
  | ({ type: 'remind'; to: NudgeTarget } & Base);
export type CommandType = CertificateCommand['type'];

export type LedgerEventType = 'submission' | 'signature' | 'rejection' | 'delegation' | 'completion';

/**
 * What a transition asks the outside world to do. The workflow runs them in order after the state is
 * updated; every effect carries the state version that produced it, so activity idempotency keys are
 * `${workflowId}:${version}:${effect}`. The read model upsert follows every transition and is not listed.
 */
export type CertificateEffect =
  | { type: 'notifySigners'; level: number; reason: 'levelStarted' | 'resubmitted' | 'delegated' | 'assigned'; recipients: Person[] }
  /** A reminder sent by hand to the pending signers of `level`. */
  | { type: 'remindSigners'; level: number; overdue: boolean; recipients: Person[] }
  /** The certificate was withdrawn: whoever signed or was asked to sign is told why. */
  | { type: 'notifyWithdrawn'; level: number; reason: string; by: string; recipients: Person[] }
  | { type: 'notifyRejected'; toLevel: number; fromLevel: number; reason: string; by: string; recipients: Person[] }
  | { type: 'notifyCompleted'; recipients: Person[] }
  /** `by`: who escalated by hand (absent when the deadline escalated it). */
  | { type: 'escalateOverdue'; level: number; recipients: Person[]; by?: string }
  /** Signers whose signatures a content change voided; `level` is the first level signing restarts at. */
  | { type: 'notifySignaturesVoided'; level: number; changed: ContentChange[]; recipients: Person[] }
  | {
      type: 'ledger';
      event: LedgerEventType;
      level?: number;
      /** Where the tx id is written back: the signature of this user, or this delegation index, on `level`. */
      userId?: string;
      delegationIndex?: number;
      payload: Record<string, unknown>;
    }
  | { type: 'generatePdf' };

export interface TransitionResult {
  state: CertificateState;
  effects: CertificateEffect[];
}
