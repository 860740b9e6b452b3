// (d) Certificate PDF with a warm browser: the worker's renderer (ChromiumPdfRenderer, which keeps idle
// pages) on the HTML the completion activity renders, timed sequentially and two at a time; then,
// for comparison, the same documents on one reused page (what "browser page reuse" would save).
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { benchDraft, CHAIN } from './lib/certificates.mjs';
import { percentiles } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const { createCertificate, transition } = require('@grain/domain');
const { ChromiumPdfRenderer, CHROMIUM_ARGS, findChromium } = require('@grain/adapters');
const { certificateHtml, certificatePayload, qrSvg, verifyUrl } = require('@grain/activities');
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

export async function pdf({ renders = 100, budgetMs = 120_000 } = {}) {
  const until = performance.now() + budgetMs;
  const state = doneState();
  const url = verifyUrl('http://localhost:3000', state.contentHash);
  const html = certificateHtml(state, certificatePayload(state), { url, svg: await qrSvg(url) });
  const renderer = new ChromiumPdfRenderer();
  const out = {};
  try {
    const tCold = performance.now();
    await renderer.render(html);
    out.coldMs = performance.now() - tCold;
    for (let i = 0; i < 5; i++) await renderer.render(html);
    out.sequential = await timeRenders(renders, 1, () => renderer.render(html), until);
    out.twoAtATime = await timeRenders(renders, 2, () => renderer.render(html), until);
  } finally {
    await renderer.close();
  }
  // Comparison: one page kept open, request interception set once.
  const browser = await puppeteer.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on('request', (r) => (r.url().startsWith('data:') ? r.continue() : r.abort()));
    const render = async () => {
      await page.setContent(html, { waitUntil: 'load' });
      return Buffer.from(await page.pdf({ format: 'A4', printBackground: true, margin: { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' } }));
    };
    for (let i = 0; i < 5; i++) await render();
    out.reusedPage = await timeRenders(renders, 1, render, until);
  } finally {
    await browser.close();
  }
  out.htmlBytes = Buffer.byteLength(html);
  return out;
}
