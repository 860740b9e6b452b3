import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '@grain/adapters';
import { createTestDb } from '@grain/persistence/testing';
import { startServer, type RunningServer } from '@grain/server';

export interface E2E {
  server: RunningServer;
  browser: Browser;
  page: Page;
  url: (p: string) => string;
  /** Mail to `to` (newest first; after mail `afterId`), read from the dev mailbox as the signed-in demo admin. */
  mails(to: string, afterId?: number): Promise<Array<{ id: number; subject: string; text: string }>>;
  /** Latest mail to `to` whose text matches `re`, waiting for it to arrive (dev mailbox JSON). */
  waitForMail(to: string, re: RegExp, timeoutMs?: number): Promise<{ subject: string; text: string }>;
  /** The server's last log lines (kept in memory; printed when a test fails). */
  recentLog(): string[];
  close(): Promise<void>;
}

/**
 * The whole app on a free port (fresh database, the test run's Temporal dev server, in-process
 * worker, SMTP catcher, built UI) and a headless system Chromium pointed at it; `env` adds to or
 * overrides the app's environment.
 */
export async function startE2E(opts: { env?: Record<string, string> } = {}): Promise<E2E> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grain-e2e-'));
  const logLines: string[] = [];
  const keep = (m: string) => {
    logLines.push(`${new Date().toISOString().slice(11, 23)} ${m}`);
    if (logLines.length > 200) logLines.shift();
  };
  const server = await startServer({
    env: {
      PORT: '0',
      SMTP_CATCHER_PORT: '0',
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: process.env.TEMPORAL_TEST_ADDRESS,
      TEMPORAL_TASK_QUEUE: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      SEED_DEMO_DATA: 'true',
      ...opts.env,
    },
    db: await createTestDb(),
    log: keep,
  });
  const browser = await puppeteer.launch({
    executablePath: findChromium(process.env.CHROMIUM_PATH),
    headless: true,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${path.join(dataDir, 'chromium')}`, '--window-size=1280,900'],
    defaultViewport: { width: 1280, height: 900 },
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(20000);
  const url = (p: string) => `${server.url}${p}`;
  const mailbox = mailboxReader(server, url);
  return {
    server,
    browser,
    page,
    url,
    mails: mailbox,
    recentLog: () => [...logLines],
    async waitForMail(to, re, timeoutMs = 20000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const messages = await mailbox(to);
        const hit = messages.find((m) => re.test(m.text ?? '') || re.test(m.subject ?? ''));
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`no mail to ${to} matching ${re} within ${timeoutMs} ms`);
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
      await server.db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Reads the dev mailbox the way a developer does: signed in as the demo admin (who sees the mail to
 * the demo company's users), over its own session so the browser's sign-ins and sign-outs do not matter.
 */
function mailboxReader(server: RunningServer, url: (p: string) => string) {
  let cookie: string | undefined;
  const signIn = async () => {
    const admin = server.demoLogins?.find((l) => l.role === 'admin');
    if (!admin) throw new Error('the dev mailbox needs the demo admin (SEED_DEMO_DATA=true)');
    const res = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status !== 200) throw new Error(`dev mailbox: demo admin sign-in answered ${res.status}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  return async (to: string, afterId?: number): Promise<Array<{ id: number; subject: string; text: string }>> => {
    const path = `/api/dev/mail?to=${encodeURIComponent(to)}${afterId ? `&after=${afterId}` : ''}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      cookie ??= await signIn();
      // bounded: a stalled answer must fail the step that waited for it, not the whole test's time
      const res = await fetch(url(path), { headers: { Cookie: cookie, Origin: server.url }, signal: AbortSignal.timeout(15_000) });
      if (res.status === 401) {
        cookie = undefined; // the session ended (a test signed the admin out everywhere): sign in again
        continue;
      }
      if (res.status !== 200) throw new Error(`dev mailbox answered ${res.status}`);
      return ((await res.json()) as { messages: Array<{ id: number; subject: string; text: string }> }).messages;
    }
    throw new Error('dev mailbox: still signed out after signing in again');
  };
}
