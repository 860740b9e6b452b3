/** What the header of an image file says about it. */
export interface ImageHeader {
  mime: 'image/png' | 'image/jpeg' | 'image/gif';
  ext: 'png' | 'jpg' | 'gif';
  width: number;
  height: number;
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(b: Buffer): ImageHeader | null {
  if (b.length < 24 || !PNG_SIG.every((x, i) => b[i] === x)) return null;
  if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { mime: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageHeader | null {
  if (b.length < 10) return null;
  const sig = b.toString('latin1', 0, 6);
  if (sig !== 'GIF87a' && sig !== 'GIF89a') return null;
  return { mime: 'image/gif', ext: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** Start-of-frame markers carry the dimensions (baseline, progressive, lossless, arithmetic). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Buffer): ImageHeader | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan data before any frame header
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return null;
    if (SOF.has(marker)) {
      if (i + 9 > b.length) return null;
      return { mime: 'image/jpeg', ext: 'jpg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

/**
 * Reads the image type and pixel size from the file's own header (PNG IHDR, GIF logical screen,
 * JPEG start-of-frame), never from its name. Null when the bytes are none of these.
 */
export function readImageHeader(b: Buffer): ImageHeader | null {
  const h = png(b) ?? gif(b) ?? jpeg(b);
  return h && h.width > 0 && h.height > 0 ? h : null;
}
