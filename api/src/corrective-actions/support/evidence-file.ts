import { open } from 'node:fs/promises';
import { AppError } from '@grain/domain';
import { checkFileName } from '../../http/file-checks';

/** What evidence may be: a document (PDF) or a photo; the bytes must prove the type the name claims. */
const EVIDENCE_TYPES: Record<string, { mime: string; magic: (b: Buffer) => boolean }> = {
  pdf: { mime: 'application/pdf', magic: (b) => b.toString('latin1', 0, 5) === '%PDF-' },
  png: { mime: 'image/png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  gif: { mime: 'image/gif', magic: (b) => ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6)) },
  jpg: { mime: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  jpeg: { mime: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
};

/** Most bytes one file of evidence may have. */
export const MAX_EVIDENCE_BYTES = 20 * 1024 * 1024;

/** The checked name, extension and type of an uploaded file of evidence; ACTION_EVIDENCE_TYPE for anything else. */
export async function checkEvidenceFile(originalName: string, file: string): Promise<{ name: string; ext: string; mime: string }> {
  const { name, ext } = checkFileName(originalName);
  const type = EVIDENCE_TYPES[ext];
  if (!type) throw new AppError('ACTION_EVIDENCE_TYPE');
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await fh.read(head, 0, 16, 0);
    if (!type.magic(head.subarray(0, bytesRead))) throw new AppError('ACTION_EVIDENCE_TYPE');
  } finally {
    await fh.close();
  }
  return { name, ext: ext === 'jpeg' ? 'jpg' : ext, mime: type.mime };
}
