import type { Knex } from 'knex';
import { KnexCertificateStore, CertificateReminderStore, OtpStore } from './certificates';
import {
  AuthLogStore, CompanyStore, KnexGroupStore, KnexResetTokenStore, KnexSignatureStore, SessionStore, UserStore,
  type GroupStore, type ResetTokenStore, type SignatureStore,
} from './accounts';
import { KnexTemplateStore } from './templates';
import { FarmDataStore, ImageVerificationStore } from './farm';
import { DocumentStore } from './documents';
import { KnexComplianceStore, type ComplianceStore } from './compliance';
import { KnexLiveEventStore, type LiveEventStore } from './live';
import { MailStore } from './mail-store';
import { KnexActivityResultStore, type ActivityResultStore } from './activities';

function storesOver(knex: Knex) {
  // Typed by their interfaces, so callers see the contract rather than the knex class.
  const groups: GroupStore = new KnexGroupStore(knex);
  const resetTokens: ResetTokenStore = new KnexResetTokenStore(knex);
  const signatures: SignatureStore = new KnexSignatureStore(knex);
  const compliance: ComplianceStore = new KnexComplianceStore(knex);
  const live: LiveEventStore = new KnexLiveEventStore(knex);
  const activityResults: ActivityResultStore = new KnexActivityResultStore(knex);
  return {
    certificates: new KnexCertificateStore(knex),
    reminders: new CertificateReminderStore(knex),
    otps: new OtpStore(knex),
    templates: new KnexTemplateStore(knex),
    users: new UserStore(knex),
    companies: new CompanyStore(knex),
    groups,
    sessions: new SessionStore(knex),
    authLog: new AuthLogStore(knex),
    resetTokens,
    signatures,
    farmData: new FarmDataStore(knex),
    imageVerifications: new ImageVerificationStore(knex),
    documents: new DocumentStore(knex),
    compliance,
    live,
    mail: new MailStore(knex),
    activityResults,
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
export function createStores(knex: Knex): Stores {
  return { ...storesOver(knex), transaction: (fn) => knex.transaction((tx) => fn(createStores(tx))) };
}
