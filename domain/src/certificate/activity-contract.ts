/**
 * The certificate activities' signatures: implemented in @grain/activities, called by the workflow
 * through proxyActivities. Kept in the domain (types only) so neither package imports the other.
 */
import type { CertificateEffect, CertificateState } from './types';

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

/** A notice of a batch: its effect and what its mail quotes, queued under `key` (workflow id, version, effect). */
export interface CertificateNotice {
  key: string;
  effect: NotifyEffect;
  ctx: CertificateMailContext;
}

/** A ledger effect of a batch with the key its entry is written under (workflow id + version + event). */
export interface KeyedLedgerEffect {
  key: string;
  effect: Extract<CertificateEffect, { type: 'ledger' }>;
}

/**
 * One batch's database work as one step: redeem the code of a sign, append the ledger entries, write
 * the read model with their tx ids recorded (recordLedgerTx at `at`, as the workflow records them) and
 * queue the batch's mails in the outbox. With a ledger in the same database it is one transaction: all
 * or nothing. (A local activity: its input is not recorded in the workflow's history.)
 */
export interface CertificateCommit {
  redeem?: { otpId: string; binding: OtpBinding; redeemKey: string };
  ledger: KeyedLedgerEffect[];
  /** The state the ledger effects are recorded on. */
  state: CertificateState;
  /** 'write': the read model shows the state; 'none': the read model is not touched. */
  readModel: 'write' | 'none';
  /** The batch's notices: one mail each, to all its recipients, sent by the outbox's relay. */
  notices: CertificateNotice[];
  /**
   * The batch completes the certificate: its mails wait in the outbox until the PDF step lets them go
   * (the completion mail links the PDF). The read model shows the certificate done at once.
   */
  mailsWaitForPdf?: boolean;
  /** Workflow time the tx ids are recorded at (the audit entries' time). */
  at: string;
}

/**
 * The PDF step of a completing batch, asked with ids only (its input is in the workflow's history): the
 * state is the one the batch's commit wrote to the read model, at `version`.
 */
export interface CertificatePdfRequest {
  /** The certificate (one workflow each): its PDF is made once per certificate and content. */
  certificateId: string;
  version: number;
  /** Workflow time the PDF is recorded at (recordPdf), as the workflow records it. */
  at: string;
}

/**
 * Every activity answers a value, never nothing: `undefined` is recorded as a `binary/null` payload,
 * which the Temporal Web UI reads as broken JSON ("Could not parse payload").
 */
export interface CertificateActivityContract {
  /** A batch's redeem, ledger entries, read-model write and mails in one step (one transaction where the ledger allows). */
  commitCertificateBatch(a: CertificateCommit): Promise<{ txIds: string[] }>;
  /** Renders, seals and stores the PDF of the written state, writes the read model with it and lets the batch's mails go. */
  generateCertificatePdf(a: CertificatePdfRequest): Promise<{ pdfKey: string }>;
}
