import { existsSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import type { AdapterInfo, Described } from '../port';

/** Port: HTML to PDF. One implementation: puppeteer driving the system Chromium, browser kept warm. */
export interface PdfRenderer extends Described {
  render(html: string, opts?: { landscape?: boolean }): Promise<Buffer>;
  close(): Promise<void>;
}

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(explicit?: string): string {
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH: no browser at ${explicit}`);
    return explicit;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error('CHROMIUM_PATH: no Chromium found (install Debian package `chromium` or set CHROMIUM_PATH)');
  return found;
}

/** Flags for headless Chromium on a machine with no outside network, running as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
];

/** A4 in inches with the certificate margins (16 mm top and bottom, 14 mm left and right). */
const MM = 1 / 25.4;
const A4 = { paperWidth: 210 * MM, paperHeight: 297 * MM, marginTop: 16 * MM, marginBottom: 16 * MM, marginLeft: 14 * MM, marginRight: 14 * MM };

export class ChromiumPdfRenderer implements PdfRenderer {
  private browser?: Promise<Browser>;
  private readonly executablePath: string;
  constructor(chromiumPath?: string) {
    this.executablePath = findChromium(chromiumPath);
  }
  info(): AdapterInfo {
    return { kind: 'embedded', detail: `puppeteer + ${this.executablePath}` };
  }
  private getBrowser(): Promise<Browser> {
    if (!this.browser) {
      // Over a pipe rather than a WebSocket: Chromium exits when the pipe closes, so a worker killed
      // outright (SIGKILL, out of memory) does not leave its browser running (~200 MB each).
      this.browser = puppeteer.launch({ executablePath: this.executablePath, headless: true, args: CHROMIUM_ARGS, pipe: true });
      this.browser.then(
        (b) => b.on('disconnected', () => (this.browser = undefined)),
        () => (this.browser = undefined),
      );
    }
    return this.browser;
  }
  async ping() {
    await (await this.getBrowser()).version();
  }
  /** Idle pages, request blocking already set up; opening a page costs more than rendering a certificate. */
  private idle: Page[] = [];
  private static readonly MAX_IDLE = 4;

  private sessions = new WeakMap<Page, CDPSession>();

  private async takePage(browser: Browser): Promise<Page> {
    for (let p = this.idle.pop(); p; p = this.idle.pop()) if (!p.isClosed() && p.browser() === browser) return p;
    const page = await browser.newPage();
    // No network for rendered documents: everything they show is inline.
    await page.setRequestInterception(true);
    page.on('request', (r) => (r.url().startsWith('data:') || r.url() === 'about:blank' ? r.continue() : r.abort()));
    this.sessions.set(page, await page.createCDPSession());
    return page;
  }

  async render(html: string, opts: { landscape?: boolean } = {}): Promise<Buffer> {
    const browser = await this.getBrowser();
    const page = await this.takePage(browser);
    let reusable = false;
    try {
      await page.setContent(html, { waitUntil: 'load' });
      // Page.printToPDF answered in one message: page.pdf() streams the file back in IO.read chunks, a
      // round trip each, which was ~15 ms of a ~50 ms render (bench/RESULTS.md "(d)"). Tagged, as page.pdf().
      const r = await this.sessions.get(page)!.send('Page.printToPDF', {
        ...A4,
        landscape: !!opts.landscape,
        printBackground: true,
        generateTaggedPDF: true,
        transferMode: 'ReturnAsBase64',
      });
      reusable = true;
      return Buffer.from(r.data, 'base64');
    } finally {
      if (reusable && this.idle.length < ChromiumPdfRenderer.MAX_IDLE && page.browser() === browser && browser.connected) this.idle.push(page);
      else await page.close().catch(() => undefined);
    }
  }
  async close() {
    this.idle = [];
    const b = this.browser;
    this.browser = undefined;
    if (b) await (await b).close().catch(() => undefined);
  }
}
