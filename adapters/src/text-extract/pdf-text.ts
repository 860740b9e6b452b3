import path from 'node:path';
import { bodySize, layoutPage, type PdfTextItem } from './pdf-layout';

/**
 * PDF text through pdfjs-dist (Mozilla pdf.js, legacy build for Node). pdf.js ships only ES modules
 * and this package compiles to CommonJS, where TypeScript would turn `import()` into `require()`;
 * the Function wrapper keeps a real dynamic import (works in Node and in jest with
 * --experimental-vm-modules). The worker module is loaded in-process too and handed to pdf.js as
 * `globalThis.pdfjsWorker`, so no worker thread or workerSrc path is needed.
 * The random comment makes the function's source unique each time this module is evaluated: jest
 * evaluates it once per test file in a fresh VM context, and an identical source could be served from
 * V8's compilation cache still bound to an earlier file's (torn down) module loader — seen as pdf.js
 * failing to load in the second test file of a jest worker.
 */
const importEsm = new Function('specifier', `return import(specifier) // ${Math.random()}`) as (specifier: string) => Promise<unknown>;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL?: boolean;
}
interface PdfPage {
  getTextContent(): Promise<{ items: Array<TextItem | { type: string }> }>;
  cleanup(): void;
}
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
}
interface PdfJs {
  getDocument(src: Record<string, unknown>): { promise: Promise<PdfDocument>; destroy(): Promise<void> };
  VerbosityLevel: { ERRORS: number };
}

let loaded: Promise<{ pdfjs: PdfJs; assets: string }> | undefined;
function loadPdfJs() {
  loaded ??= (async () => {
    const pdfjs = (await importEsm('pdfjs-dist/legacy/build/pdf.mjs')) as PdfJs;
    const g = globalThis as { pdfjsWorker?: unknown };
    g.pdfjsWorker ??= await importEsm('pdfjs-dist/legacy/build/pdf.worker.mjs');
    // Fonts and character maps of non-embedded fonts, read from the package on disk.
    const assets = path.dirname(require.resolve('pdfjs-dist/package.json')) + path.sep;
    return { pdfjs, assets };
  })().catch((e) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}

/** The text of a PDF, pages separated by a blank line; throws on files pdf.js cannot open. */
export async function pdfText(file: Buffer, maxPages = 200): Promise<{ text: string; pages: number }> {
  const { pdfjs, assets } = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(file), // a copy: pdf.js refuses Buffers and may take ownership of the bytes
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: path.join(assets, 'standard_fonts') + path.sep,
    cMapUrl: path.join(assets, 'cmaps') + path.sep,
    cMapPacked: true,
  });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const items = (await page.getTextContent()).items.flatMap((i): PdfTextItem[] =>
        'str' in i
          ? [
              {
                str: i.str,
                x: i.transform[4],
                y: i.transform[5],
                width: i.width,
                size: Math.hypot(i.transform[2], i.transform[3]) || i.transform[0],
                hasEOL: i.hasEOL,
              },
            ]
          : [],
      );
      pages.push(layoutPage(items, bodySize(items)));
      page.cleanup();
    }
    const text = pages
      .join('\n\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    return { text, pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}
