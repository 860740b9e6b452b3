// (d) Certificate PDF with a warm browser: the worker's renderer (ChromiumPdfRenderer, which keeps idle
// pages) on the HTML the completion activity renders, timed sequentially and two at a time; beside it,
// alternating render by render on the same machine, the ceiling: bare Chromium on one reused page
// (puppeteer's setContent, then Page.printToPDF with the same paper, answered in one message; no request
// blocking, no page pool).
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { benchDraft, CHAIN } from './lib/certificates.mjs';
import { percentiles } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const { createCertificate, issuedCertificate, transition } = require('@grain/domain');
const { ChromiumPdfRenderer, CHROMIUM_ARGS, findChromium } = require('@grain/adapters');
const { certificateHtml, qrSvg, verifyUrl } = require('@grain/activities');
const puppeteer = require('puppeteer-core');

/** A finished certificate made by the domain machine (submit + six signatures), as the activity sees it. */
function doneState() {
  const d = benchDraft('pdf');
  const at = () => new Date().toISOString();
  let s = transition(createCertificate(d), { type: 'submit', actor: { id: d.submitter.id, name: d.submitter.name }, at: at() }).state;
  for (const who of CHAIN) s = transition(s, { type: 'sign', actor: { id: `${d.id}-${who}`, name: `Signer ${who}` }, at: at() }).state;
  if (s.status !== 'done') throw new Error(`machine left the certificate ${s.status}`);
  return { ...s, chainId: 'f'.repeat(64) };
}

async function timeRenders(n, concurrency, render, until) {
  const times = [];
  let left = n;
  const lane = async () => {
    while (left-- > 0 && performance.now() < until) {
      const t = performance.now();
      const pdf = await render();
      times.push(performance.now() - t);
      if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('renderer returned something that is not a PDF');
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return percentiles(times);
}

/** The ceiling: one page of its own browser, reused; setContent + one Page.printToPDF message, same paper. */
async function bareRenderer() {
  const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const MM = 1 / 25.4;
  const paper = { paperWidth: 210 * MM, paperHeight: 297 * MM, marginTop: 16 * MM, marginBottom: 16 * MM, marginLeft: 14 * MM, marginRight: 14 * MM };
  return {
    async render(html) {
      await page.setContent(html, { waitUntil: 'load' });
      const r = await cdp.send('Page.printToPDF', { ...paper, printBackground: true, generateTaggedPDF: true, transferMode: 'ReturnAsBase64' });
      return Buffer.from(r.data, 'base64');
    },
    close: () => browser.close(),
  };
}

/** Renders by `a` and `b` alternating (a, b, b, a, ...), each timed: both see the machine at the same moments. */
async function alternate(n, a, b, until) {
  const ta = [];
  const tb = [];
  for (let i = 0; i < n && performance.now() < until; i++) {
    for (const [render, times] of i % 2
      ? [
          [b, tb],
          [a, ta],
        ]
      : [
          [a, ta],
          [b, tb],
        ]) {
      const t = performance.now();
      const pdf = await render();
      times.push(performance.now() - t);
      if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('renderer returned something that is not a PDF');
    }
  }
  return [percentiles(ta), percentiles(tb)];
}

export async function pdf({ renders = 100, budgetMs = 180_000 } = {}) {
  const until = performance.now() + budgetMs;
  const state = doneState();
  const url = verifyUrl('http://localhost:3000', state.contentHash);
  const html = certificateHtml(issuedCertificate(state), { url, svg: await qrSvg(url) });
  const renderer = new ChromiumPdfRenderer();
  const bare = await bareRenderer();
  const out = {};
  try {
    const tCold = performance.now();
    await renderer.render(html);
    out.coldMs = performance.now() - tCold;
    for (let i = 0; i < 5; i++) {
      await renderer.render(html);
      await bare.render(html);
    }
    [out.sequential, out.baseline] = await alternate(
      renders,
      () => renderer.render(html),
      () => bare.render(html),
      until,
    );
    out.twoAtATime = await timeRenders(renders, 2, () => renderer.render(html), until);
  } finally {
    await renderer.close();
    await bare.close();
  }
  out.htmlBytes = Buffer.byteLength(html);
  return out;
}
