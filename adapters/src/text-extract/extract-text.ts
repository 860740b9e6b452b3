import { docxText } from './docx-text';
import { pdfText } from './pdf-text';
import { checkZipLimits, ZipLimitError } from './zip-reader';

export type ExtractableKind = 'pdf' | 'docx' | 'txt';

export type TextExtractErrorCode =
  'COMPLIANCE_FILE_TYPE' | 'COMPLIANCE_NO_TEXT' | 'COMPLIANCE_FILE_UNREADABLE' | 'DOCUMENT_TOO_LARGE_UNPACKED' | 'DOCUMENT_READ_TIMED_OUT';

/** Why a file has no usable text; none of these is worth retrying. */
export class TextExtractError extends Error {
  constructor(
    public readonly code: TextExtractErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'TextExtractError';
  }
}

/** The kind of a file from its content (magic bytes), falling back to the name for plain text. */
export function detectKind(file: Buffer, fileName = ''): ExtractableKind | undefined {
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const isZip = file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;
  if (isZip && (/\.docx$/i.test(fileName) || file.includes('word/document.xml'))) return 'docx';
  if (/\.txt$/i.test(fileName) && !file.subarray(0, 4096).includes(0)) return 'txt';
  return undefined;
}

/**
 * Refuses, before any unpacking, a DOCX that would unpack past the zip limits (a zip bomb). Cheap:
 * reads the archive's directory only, so an upload can be answered at once.
 */
export function checkUnpackedSize(file: Buffer, fileName = ''): void {
  if (detectKind(file, fileName) !== 'docx') return;
  try {
    checkZipLimits(file);
  } catch (e) {
    if (e instanceof ZipLimitError) throw new TextExtractError('DOCUMENT_TOO_LARGE_UNPACKED', e.message);
    throw new TextExtractError('COMPLIANCE_FILE_UNREADABLE', `docx: ${(e as Error).message}`);
  }
}

/**
 * Text of an uploaded PDF, DOCX or TXT file, whitespace tidied. Throws TextExtractError when the type
 * is not one of these, when the file cannot be parsed, or when it holds no text (a scanned image).
 */
export async function extractText(file: Buffer, fileName = ''): Promise<{ text: string; kind: ExtractableKind }> {
  const kind = detectKind(file, fileName);
  if (!kind) throw new TextExtractError('COMPLIANCE_FILE_TYPE', `not a PDF, DOCX or TXT file: ${fileName}`);
  let text: string;
  try {
    if (kind === 'pdf') text = (await pdfText(file)).text;
    else if (kind === 'docx') {
      checkUnpackedSize(file, fileName);
      text = docxText(file);
    } else text = file.toString('utf8');
  } catch (e) {
    if (e instanceof TextExtractError) throw e;
    if (e instanceof ZipLimitError) throw new TextExtractError('DOCUMENT_TOO_LARGE_UNPACKED', e.message);
    throw new TextExtractError('COMPLIANCE_FILE_UNREADABLE', `${kind}: ${(e as Error).message}`);
  }
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .trim();
  if (text.replace(/\s/g, '').length < 10) throw new TextExtractError('COMPLIANCE_NO_TEXT', `${kind}: no text found`);
  return { text, kind };
}
