import { readFile } from 'node:fs/promises';
import { AppError } from '@grain/domain';
import { checkUnpackedSize, TextExtractError } from '@grain/adapters';
import { checkFileName, detectFileTypeOfFile, isPlainTextFile } from '../../http/file-checks';

/** A document that would unpack past the limits is refused now, not found out later by the reader. */
function refuseZipBomb(file: Buffer, fileName: string): void {
  try {
    checkUnpackedSize(file, fileName);
  } catch (e) {
    if (e instanceof TextExtractError) throw new AppError(e.code);
    throw e;
  }
}

/**
 * An uploaded compliance document: the name as sent (a path part is refused, not cut off), a pdf, docx or
 * txt, and content that proves the extension (an HTML page named .pdf or .txt is refused like any other
 * mismatch); a .docx must not unpack past the limits (its central directory, at the end, is what is read).
 */
export async function checkDocumentFile(originalName: string, path: string): Promise<{ fileName: string; ext: 'pdf' | 'docx' | 'txt' }> {
  const { name: fileName, ext } = checkFileName(originalName);
  if (ext !== 'pdf' && ext !== 'docx' && ext !== 'txt') throw new AppError('COMPLIANCE_FILE_TYPE');
  if (ext === 'txt' ? !(await isPlainTextFile(path)) : (await detectFileTypeOfFile(path)) !== ext) throw new AppError('FILE_TYPE_REJECTED');
  if (ext === 'docx') refuseZipBomb(await readFile(path), fileName);
  return { fileName, ext };
}
