import { readImageHeader } from './image-header';
import { samplePng } from './sample-images';

function gif(w: number, h: number): Buffer {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
}

/** A JPEG header: SOI, an APP0 segment to skip, then a baseline SOF0 with the dimensions. */
function jpeg(w: number, h: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

describe('readImageHeader', () => {
  it('reads PNG, GIF and JPEG dimensions from the bytes', () => {
    expect(readImageHeader(samplePng(640, 480))).toEqual({ mime: 'image/png', ext: 'png', width: 640, height: 480 });
    expect(readImageHeader(gif(321, 241))).toEqual({ mime: 'image/gif', ext: 'gif', width: 321, height: 241 });
    expect(readImageHeader(jpeg(1024, 768))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 1024, height: 768 });
  });

  it('refuses what is not an image, whatever its name would say', () => {
    expect(readImageHeader(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(readImageHeader(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
    expect(readImageHeader(samplePng(640, 480).subarray(0, 20))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});
