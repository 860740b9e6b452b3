import { inflateRawSync } from 'node:zlib';

/**
 * What a document may unpack to: a Word file's text part is rarely over a few MB, and XML deflates
 * about 10:1. A zip bomb (a few hundred KB that inflate to tens of MB or more) fails one or both.
 * Below `ratioFloorBytes` any ratio is harmless.
 */
export const ZIP_LIMITS = { maxUnpackedBytes: 32 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };

/** The archive would unpack to more than the limits allow. */
export class ZipLimitError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ZipLimitError';
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function* centralDirectory(zip: Buffer): Generator<ZipEntry> {
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw new Error('zip: broken central directory');
    const nameLen = zip.readUInt16LE(p + 28);
    yield {
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
      name: zip.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
    };
    p += 46 + nameLen + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
}

/**
 * Refuses an archive whose entries declare more unpacked bytes than the limits allow, reading only
 * the central directory (cheap enough for the request path). Declared sizes can lie: `readZipEntry`
 * also stops inflating at the limit.
 */
export function checkZipLimits(zip: Buffer, limits = ZIP_LIMITS): void {
  let unpacked = 0;
  let packed = 0;
  for (const e of centralDirectory(zip)) {
    unpacked += e.size;
    packed += e.compressedSize;
  }
  if (unpacked > limits.maxUnpackedBytes) throw new ZipLimitError(`zip: unpacks to ${unpacked} bytes`);
  if (unpacked > limits.ratioFloorBytes && unpacked / Math.max(packed, 1) > limits.maxRatio) {
    throw new ZipLimitError(`zip: compressed ${Math.round(unpacked / Math.max(packed, 1))}:1`);
  }
}

/**
 * Reads one entry of a zip archive (a DOCX is one) from the central directory: stored and deflated
 * entries only, which is all Office writes. Inflating stops at `maxBytes`, whatever the entry declares.
 */
export function readZipEntry(zip: Buffer, name: string, maxBytes = ZIP_LIMITS.maxUnpackedBytes): Buffer | undefined {
  for (const e of centralDirectory(zip)) {
    if (e.name !== name) continue;
    if (e.size > maxBytes) throw new ZipLimitError(`zip: ${name} unpacks to ${e.size} bytes`);
    if (zip.readUInt32LE(e.localOffset) !== 0x04034b50) throw new Error('zip: broken local header');
    const start = e.localOffset + 30 + zip.readUInt16LE(e.localOffset + 26) + zip.readUInt16LE(e.localOffset + 28);
    const data = zip.subarray(start, start + e.compressedSize);
    if (e.method === 0) return Buffer.from(data);
    if (e.method !== 8) throw new Error(`zip: unsupported compression method ${e.method}`);
    try {
      return inflateRawSync(data, { maxOutputLength: maxBytes });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipLimitError(`zip: ${name} unpacks to more than ${maxBytes} bytes`);
      throw err;
    }
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
