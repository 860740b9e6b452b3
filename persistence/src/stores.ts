import type { Knex } from 'knex';
import { KnexCertificateStore, CertificateReminderStore, OtpStore } from './certificates';
import {
  AuthLogStore, CompanyStore, GroupStore, KnexSignatureStore, ResetTokenStore, SessionStore, UserStore,
} from './accounts';
import { KnexTemplateStore } from './templates';
import { FarmDataStore, ImageVerificationStore } from './farm';
import { DocumentStore } from './documents';
import { ComplianceStore } from './compliance';
import { LiveEventStore } from './live';
import { MailStore } from './mail-store';
import { ActivityResultStore } from './activities';

function storesOver(knex: Knex) {
  return {
    certificates: new KnexCertificateStore(knex),
    reminders: new CertificateReminderStore(knex),
    otps: new OtpStore(knex),
    templates: new KnexTemplateStore(knex),
    users: new UserStore(knex),
    companies: new CompanyStore(knex),
    groups: new GroupStore(knex),
    sessions: new SessionStore(knex),
    authLog: new AuthLogStore(knex),
    resetTokens: new ResetTokenStore(knex),
    signatures: new KnexSignatureStore(knex),
    farmData: new FarmDataStore(knex),
    imageVerifications: new ImageVerificationStore(knex),
    documents: new DocumentStore(knex),
    compliance: new ComplianceStore(knex),
    live: new LiveEventStore(knex),
    mail: new MailStore(knex),
    activityResults: new ActivityResultStore(knex),
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
