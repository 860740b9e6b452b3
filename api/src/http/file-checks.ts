import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { utf8Text } from '@grain/adapters';
import { AppError, UPLOAD_EXTENSIONS } from '@grain/domain';

export type UploadExt = (typeof UPLOAD_EXTENSIONS)[number];

const MIME_OF: Record<UploadExt, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  gif: 'image/gif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  csv: 'text/csv; charset=utf-8',
};

/** Types a browser may show in place (they cannot run script from a same-origin response). */
export const INLINE_TYPES: ReadonlySet<UploadExt> = new Set(['pdf', 'png', 'gif']);

/** Extensions that must not appear anywhere in a name, even before the last dot ("invoice.exe.pdf"). */
const EXECUTABLE = new Set([
  'exe',
  'dll',
  'com',
  'bat',
  'cmd',
  'msi',
  'scr',
  'pif',
  'cpl',
  'jar',
  'js',
  'mjs',
  'jse',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'ps1',
  'psm1',
  'sh',
  'bash',
  'php',
  'phtml',
  'php5',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'pl',
  'py',
  'rb',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'xml',
  'hta',
  'lnk',
  'reg',
  'app',
  'apk',
  'docm',
  'xlsm',
  'pptm',
  'swf',
]);

/**
 * Checks a file name as the client sent it: no path parts, no control characters, no hidden or
 * executable segments, and a final extension from the accepted list. The name is only ever shown
 * and used in Content-Disposition; the file is stored under a generated key.
 */
export function checkUploadName(raw: string): { name: string; ext: UploadExt } {
  const { name, ext } = checkFileName(raw);
  if (!ext) throw new AppError('FILE_TYPE_REJECTED');
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('FILE_TYPE_REJECTED');
  return { name, ext: ext as UploadExt };
}

/**
 * The name rules every upload endpoint shares (documents, compliance, farm CSV, grain photos): no
 * path parts, control characters or hidden names, no executable or markup segment. Returns the
 * lower-case final extension ('' when there is none); each endpoint decides which it accepts.
 */
export function checkFileName(raw: string): { name: string; ext: string } {
  const name = raw.normalize('NFC').trim();
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 255 || /[/\\\u0000-\u001f\u007f:*?"<>|]/.test(name) || name.includes('..') || name.startsWith('.')) {
    throw new AppError('FILE_NAME_REJECTED');
  }
  const parts = name.toLowerCase().split('.');
  if (parts.slice(1).some((p) => EXECUTABLE.has(p.trim()))) throw new AppError('FILE_TYPE_REJECTED');
  return { name, ext: parts.length < 2 ? '' : parts[parts.length - 1] };
}

/** UTF-8 text without NUL bytes or markup a browser would treat as a page (a .txt upload). */
function isPlainText(b: Buffer): boolean {
  const text = utf8Text(b);
  return !!text && !HTML_MARKERS.test(text);
}

const startsWith = (b: Buffer, sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);
const HTML_MARKERS = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed|meta|link|style|\?xml)\b/i;

/** The type the bytes themselves prove, or null. */
export function detectFileType(b: Buffer): UploadExt | null {
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head6 = b.toString('latin1', 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE compound file
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    // A Word document is a zip whose entry names (stored uncompressed) include these two parts.
    const names = b.toString('latin1');
    return names.includes('[Content_Types].xml') && names.includes('word/document.xml') ? 'docx' : null;
  }
  return looksLikeCsv(b) ? 'csv' : null;
}

/** Plain text with a field or line separator. */
function looksLikeCsv(b: Buffer): boolean {
  return isPlainText(b) && /[,;\t\n]/.test(b.toString('utf8'));
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Bytes read from each end of a file to prove its type: the head has the signature, a zip's tail its names. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The start and the end of a file (the whole file when small): enough for detectFileType, whose docx
 * check finds the part names in the zip's central directory at the end.
 */
async function sampleOf(file: string): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size <= 2 * SAMPLE_BYTES) return await readFile(fh);
    const head = Buffer.alloc(SAMPLE_BYTES);
    const tail = Buffer.alloc(SAMPLE_BYTES);
    await fh.read(head, 0, SAMPLE_BYTES, 0);
    await fh.read(tail, 0, SAMPLE_BYTES, size - SAMPLE_BYTES);
    return Buffer.concat([head, tail]);
  } finally {
    await fh.close();
  }
}

/**
 * isPlainText over a file read in chunks, so a large text upload is never held whole. `needs`, when
 * given, must match somewhere in the text (CSV's separators). Markup split across two chunks is still
 * seen: each chunk is searched together with the end of the one before.
 */
export async function isPlainTextFile(file: string, needs?: RegExp): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let carried = '';
  let any = false;
  let found = !needs;
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: SAMPLE_BYTES })) {
      const b = chunk as Buffer;
      if (b.includes(0)) return false;
      const text = carried + decoder.decode(b, { stream: true });
      if (HTML_MARKERS.test(text)) return false;
      if (!found && needs!.test(text)) found = true;
      any ||= text.length > 0;
      carried = text.slice(-256);
    }
    const rest = carried + decoder.decode();
    if (HTML_MARKERS.test(rest)) return false;
  } catch {
    return false;
  }
  return any && found;
}

/** detectFileType for an upload on disk: binary types from its ends, CSV from all of its text. */
export async function detectFileTypeOfFile(file: string): Promise<UploadExt | null> {
  const sample = await sampleOf(file);
  const detected = detectFileType(sample);
  if (detected && detected !== 'csv') return detected;
  if (startsWith(sample, [0x50, 0x4b, 0x03, 0x04])) return null;
  return (await isPlainTextFile(file, /[,;\t\n]/)) ? 'csv' : null;
}

/**
 * The whole upload check: an acceptable name whose extension matches what the content proves.
 * An HTML page named .pdf, a PNG named .gif or a zip named .docx are all refused.
 */
export async function checkUploadedFile(originalName: string, file: string): Promise<{ name: string; ext: UploadExt; mime: string }> {
  const { name, ext } = checkUploadName(originalName);
  if ((await detectFileTypeOfFile(file)) !== ext) throw new AppError('FILE_TYPE_REJECTED');
  return { name, ext, mime: MIME_OF[ext] };
}

/** SHA-256 (hex) of a file, read as a stream. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
