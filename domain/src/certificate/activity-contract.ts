/**
 * The certificate activities' signatures: implemented in @grain/activities, called by the workflow
 * through proxyActivities. Kept in the domain (types only) so neither package imports the other.
 */
import type { CertificateEffect, CertificateState, Person } from './types';

/** What a one-time code is bound to: a signer acting on one level of one certificate's content. */
export interface OtpBinding {
  certificateId: string;
  level: number;
  userId: string;
  contentHash: string;
}

/** What certificate mails quote. */
export interface CertificateMailContext {
  certificateId: string;
  approvalNumber: string;
  approvalName: string;
  level?: number;
  group?: string;
  deadline?: string;
}

/** The certificate generation payload of docs/spec/approvals.md §3. */
export interface CertificatePayload {
  certification_number: string;
  location: string;
  grade: string;
  membership_number: string;
  date_of_certification: string;
  chain_id: string;
  valid_from: string;
  valid_to: string;
  creation_date: string;
}

export type NotifyEffect = Extract<
  CertificateEffect,
  { type: 'notifySigners' | 'notifyRejected' | 'notifyCompleted' | 'escalateOverdue' | 'notifySignaturesVoided' | 'remindSigners' | 'notifyWithdrawn' }
>;

/**
 * Every activity answers a value, never nothing: `undefined` is recorded as a `binary/null` payload,
 * which the Temporal Web UI reads as broken JSON ("Could not parse payload"). A mail activity answers
 * how many recipients it mailed, which an operator reads in the event history.
 */
export interface MailedResult {
  mailed: number;
}

/** A ledger effect of a batch with the key its entry is written under (workflow id + version + event). */
export interface KeyedLedgerEffect {
  key: string;
  effect: Extract<CertificateEffect, { type: 'ledger' }>;
}

/**
 * One batch's database work as one step: redeem the code of a sign, append the ledger entries, and write
 * the read model with their tx ids recorded (recordLedgerTx at `at`, as the workflow records them).
 * With a ledger in the same database it is one transaction: all or nothing.
 */
export interface CertificateCommit {
  redeem?: { otpId: string; binding: OtpBinding; redeemKey: string };
  ledger: KeyedLedgerEffect[];
  /** The state the ledger effects are recorded on; written to the read model when `writeReadModel`. */
  state: CertificateState;
  writeReadModel: boolean;
  /** Workflow time the tx ids are recorded at (the audit entries' time). */
  at: string;
}

export interface CertificateActivityContract {
  /** A batch's redeem, ledger entries and read-model write in one step (one transaction where the ledger allows). */
  commitCertificateBatch(a: CertificateCommit): Promise<{ txIds: string[] }>;
  /** Makes, stores (hashed) and mails a signing code; never returns the code. */
  issueOtp(a: { binding: OtpBinding; user: Person; ctx: CertificateMailContext; ttlMs?: number }): Promise<{ expiresAt: string; contentHashShort: string }>;
  notifyCertificate(a: { key: string; effect: NotifyEffect; ctx: CertificateMailContext }): Promise<MailedResult>;
  generateCertificatePdf(a: { key: string; state: CertificateState }): Promise<{ pdfKey: string; payload: CertificatePayload }>;
}
