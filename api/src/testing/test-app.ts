import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { Client, Connection } from '@temporalio/client';
import { buildAdapters, closeAdapters, loadConfig, SmtpCatcher, type Adapters, type AppConfig } from '@grain/adapters';
import { createStores, MailStore, SessionCache, type Db } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { createApp } from '../app';
import type { ApiDeps } from '../deps';

export interface TestApp {
  app: Express;
  deps: ApiDeps;
  db: Db;
  /** Every mail the app sent, caught by a real SMTP listener on loopback. */
  mailbox: MailStore;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A database handle to use (left open at close) instead of a fresh database. */
  db?: Db;
  /** Sessions kept in memory as the server keeps them (SessionCache over the database's notifications). */
  sessionCache?: boolean;
}

/**
 * Deadlines for the API's Temporal calls in tests, above the shipped 5 s / 15 s: a CI machine at load
 * 15–17 took more than 5 s to start a workflow (the security world's submit answered 503
 * APPROVAL_SERVICE_BUSY), which is what the deadline is for in production and not what those tests
 * judge. The deadline tests set their own (temporal-deadline.api.test, compliance-deadline.test).
 */
const TEST_TEMPORAL_DEADLINES = { TEMPORAL_CALL_TIMEOUT_MS: '30000', TEMPORAL_UPDATE_TIMEOUT_MS: '45000' };

/**
 * The real app for a test file: a fresh database (createTestDb), a real SMTP catcher on port 0 that
 * the mail adapter talks to, and a Temporal client connected to TEMPORAL_TEST_ADDRESS.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const db = opts.db ?? (await createTestDb());
  const sessionCache = opts.sessionCache ? await SessionCache.listening(db.notifications) : undefined;
  const stores = createStores(db.knex, { sessionCache });
  const mailbox = stores.mail;
  const catcher = new SmtpCatcher(mailbox);
  const smtpPort = await catcher.start(0);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-api-test-'));
  const config: AppConfig = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', DATA_DIR: dataDir, ...TEST_TEMPORAL_DEADLINES, ...env });
  const adapters: Adapters = buildAdapters(config, stores, { smtpCatcherPort: smtpPort });
  const connection = await Connection.connect({ address: process.env.TEMPORAL_TEST_ADDRESS ?? 'localhost:7233' });
  const temporal = new Client({ connection });
  const deps: ApiDeps = { config, stores, adapters, temporal };
  const app = createApp(deps);
  return {
    app,
    deps,
    db,
    mailbox,
    async close() {
      await connection.close();
      await closeAdapters(adapters);
      await catcher.stop();
      sessionCache?.close();
      if (!opts.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
