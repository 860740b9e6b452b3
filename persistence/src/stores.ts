import type { Knex } from 'knex';
import {
  KnexCertificateReminderStore,
  KnexCertificateStore,
  KnexCertificateViewStore,
  KnexCredentialStore,
  KnexOtpStore,
  type CertificateReminderStore,
  type CertificateStore,
  type CertificateViewStore,
  type CredentialStore,
  type OtpStore,
} from './certificates';
import {
  KnexAuthLogStore,
  KnexCompanyStore,
  KnexEmailChangeStore,
  KnexGroupStore,
  KnexResetTokenStore,
  KnexSessionStore,
  KnexSignatureStore,
  KnexPasskeyStore,
  KnexUserStore,
  type AuthLogStore,
  type CompanyStore,
  type EmailChangeStore,
  type GroupStore,
  type ResetTokenStore,
  type SessionStore,
  type SignatureStore,
  type PasskeyStore,
  type UserStore,
} from './accounts';
import { KnexTemplateStore, type TemplateStore } from './templates';
import { KnexFarmDataStore, KnexImageVerificationStore, type FarmDataStore, type ImageVerificationStore } from './farm';
import { KnexDocumentStore, type DocumentStore } from './documents';
import { KnexComplianceStore, type ComplianceStore } from './compliance';
import { KnexLiveEventStore, type LiveEventStore } from './live';
import { KnexMailStore, type MailStore } from './mail-store';
import { KnexMailOutboxStore, type MailOutboxStore } from './mail-outbox-store';
import { KnexActivityResultStore, type ActivityResultStore } from './activities';
import { KnexLedgerBlockStore, type LedgerBlockStore } from './ledger';
import { KnexCorrectiveActionStore, type CorrectiveActionStore } from './corrective-actions';
import type { SessionCache } from './accounts/session-cache';
import { KnexPublicRequestStore, type PublicRequestStore } from './accounts/public-request-store';

/** The clock the one-time codes and passkey challenges are judged by (tests), and the API's session cache. */
export interface StoreOptions {
  now?: () => Date;
  /** Where resolved sessions are kept between requests (the API's; none: every request reads the database). */
  sessionCache?: SessionCache;
}

function storesOver(knex: Knex, opts: StoreOptions) {
  // Typed by their interfaces, so callers see the contract rather than the knex class.
  const certificates: CertificateStore = new KnexCertificateStore(knex);
  const reminders: CertificateReminderStore = new KnexCertificateReminderStore(knex);
  const certificateViews: CertificateViewStore = new KnexCertificateViewStore(knex);
  const otps: OtpStore = new KnexOtpStore(knex, opts.now);
  const credentials: CredentialStore = new KnexCredentialStore(knex);
  const templates: TemplateStore = new KnexTemplateStore(knex);
  const farmData: FarmDataStore = new KnexFarmDataStore(knex);
  const imageVerifications: ImageVerificationStore = new KnexImageVerificationStore(knex);
  const users: UserStore = new KnexUserStore(knex);
  const companies: CompanyStore = new KnexCompanyStore(knex);
  const groups: GroupStore = new KnexGroupStore(knex);
  const sessions: SessionStore = new KnexSessionStore(knex, undefined, opts.sessionCache);
  const authLog: AuthLogStore = new KnexAuthLogStore(knex);
  const resetTokens: ResetTokenStore = new KnexResetTokenStore(knex);
  const emailChanges: EmailChangeStore = new KnexEmailChangeStore(knex);
  const signatures: SignatureStore = new KnexSignatureStore(knex);
  const passkeys: PasskeyStore = new KnexPasskeyStore(knex, opts.now);
  const compliance: ComplianceStore = new KnexComplianceStore(knex);
  const live: LiveEventStore = new KnexLiveEventStore(knex);
  const activityResults: ActivityResultStore = new KnexActivityResultStore(knex);
  const documents: DocumentStore = new KnexDocumentStore(knex);
  const mail: MailStore = new KnexMailStore(knex);
  const mailOutbox: MailOutboxStore = new KnexMailOutboxStore(knex);
  const ledgerBlocks: LedgerBlockStore = new KnexLedgerBlockStore(knex);
  const correctiveActions: CorrectiveActionStore = new KnexCorrectiveActionStore(knex);
  const publicRequests: PublicRequestStore = new KnexPublicRequestStore(knex);
  return {
    certificates,
    reminders,
    certificateViews,
    otps,
    credentials,
    templates,
    users,
    companies,
    groups,
    sessions,
    authLog,
    resetTokens,
    emailChanges,
    signatures,
    passkeys,
    farmData,
    imageVerifications,
    documents,
    compliance,
    live,
    mail,
    mailOutbox,
    activityResults,
    ledgerBlocks,
    correctiveActions,
    publicRequests,
  };
}

export type Stores = ReturnType<typeof storesOver> & {
  /** Runs `fn` with stores over one transaction: their writes commit together or not at all. */
  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T>;
};

/**
 * Every store over one database handle. The composition roots (server/, worker/, test apps) build this
 * once; API and activity dependencies carry `stores`, never the knex handle, so all SQL stays in
 * persistence. This is the one place a store is constructed.
 */
export function createStores(knex: Knex, opts: StoreOptions = {}): Stores {
  return { ...storesOver(knex, opts), transaction: (fn) => knex.transaction((tx) => fn(createStores(tx, opts))) };
}
