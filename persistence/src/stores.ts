import type { Knex } from 'knex';
import { KnexCertificateStore, CertificateReminderStore, OtpStore } from './certificates';
import {
  AuthLogStore, CompanyStore, GroupStore, ResetTokenStore, SessionStore, UserStore,
} from './accounts';
import { KnexTemplateStore } from './templates';
import { FarmDataStore, ImageVerificationStore } from './farm';
import { DocumentStore } from './documents';
import { ComplianceStore } from './compliance';
import { LiveEventStore } from './live';
import { MailStore } from './mail-store';

/**
 * Every store over one database handle. The composition roots (server/, worker/, test apps) build this
 * once; API and activity dependencies carry `stores`, never the knex handle, so all SQL stays in
 * persistence.
 */
export function createStores(knex: Knex) {
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
    farmData: new FarmDataStore(knex),
    imageVerifications: new ImageVerificationStore(knex),
    documents: new DocumentStore(knex),
    compliance: new ComplianceStore(knex),
    live: new LiveEventStore(knex),
    mail: new MailStore(knex),
  };
}

export type Stores = ReturnType<typeof createStores>;
