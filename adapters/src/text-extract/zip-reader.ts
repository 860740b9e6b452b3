import { inflateRawSync } from 'node:zlib';

/**
 * Reads entries of a zip archive (a DOCX is one) from the central directory: stored and deflated
 * entries only, which is all Office writes. Sizes are capped so a zip bomb cannot exhaust memory.
 */
export function readZipEntry(zip: Buffer, name: string, maxBytes = 64 * 1024 * 1024): Buffer | undefined {
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw new Error('zip: broken central directory');
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    const entryName = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (entryName !== name) continue;
    if (size > maxBytes) throw new Error('zip: entry too large');
    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error('zip: broken local header');
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(start, start + compressedSize);
    if (method === 0) return Buffer.from(data);
    if (method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
    throw new Error(`zip: unsupported compression method ${method}`);
  }
  return undefined;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) return i;
  }
  throw new Error('zip: not a zip archive');
}
