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
  /** Latest mail to `to` whose text matches `re`, waiting for it to arrive (dev mailbox JSON). */
  waitForMail(to: string, re: RegExp, timeoutMs?: number): Promise<{ subject: string; text: string }>;
  close(): Promise<void>;
}

/**
 * The whole app on a free port (fresh database, the test run's Temporal dev server, in-process
 * worker, SMTP catcher, built UI) and a headless system Chromium pointed at it.
 */
export async function startE2E(): Promise<E2E> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grain-e2e-'));
  const server = await startServer({
    env: {
      PORT: '0', SMTP_CATCHER_PORT: '0', DATA_DIR: dataDir, TEMPORAL_ADDRESS: process.env.TEMPORAL_TEST_ADDRESS,
      TEMPORAL_TASK_QUEUE: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, SEED_DEMO_DATA: 'true',
    },
    db: await createTestDb(),
    log: () => undefined,
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
  return {
    server, browser, page, url,
    async waitForMail(to, re, timeoutMs = 20000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const res = await fetch(url(`/api/dev/mail?to=${encodeURIComponent(to)}`));
        const { messages } = (await res.json()) as { messages: Array<{ subject: string; text: string }> };
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
