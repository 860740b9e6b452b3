import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import express from 'express';
import request from 'supertest';
import { AppError, MAX_UPLOAD_BYTES } from '@grain/domain';
import { errorMiddleware } from './errors';
import { singleFile, uploadTempDir } from './uploads';
import { checkUploadedFile, isPlainTextFile } from './file-checks';

/** The temp files left once the answer is out (removal runs right after the response closes). */
async function leftOver(): Promise<string[]> {
  for (let i = 0; i < 40; i++) {
    const names = await readdir(uploadTempDir());
    if (names.length === 0) return names;
    await new Promise((r) => setTimeout(r, 50));
  }
  return readdir(uploadTempDir());
}

/** A handler that reports what it was given: a path on disk, never the bytes in memory. */
function app(handler: (file: Express.Multer.File) => Promise<unknown>) {
  const a = express();
  a.post('/up', singleFile('file', MAX_UPLOAD_BYTES), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    res.json(await handler(req.file));
  });
  a.use(errorMiddleware);
  return a;
}

describe('uploads streamed to disk', () => {
  it('hands the handler a temp file, not a buffer, and removes it after the answer', async () => {
    const res = await request(
      app(async (f) => ({ onDisk: existsSync(f.path), inTemp: f.path.startsWith(uploadTempDir()), buffer: 'buffer' in f, size: f.size })),
    )
      .post('/up')
      .attach('file', Buffer.from('a,b\n1,2\n'), 'rows.csv');
    expect(res.body).toEqual({ onDisk: true, inTemp: true, buffer: false, size: 8 });
    expect(await leftOver()).toEqual([]);
  });

  it('removes the temp file when the handler fails', async () => {
    const res = await request(
      app(async () => {
        throw new AppError('FILE_TYPE_REJECTED');
      }),
    )
      .post('/up')
      .attach('file', Buffer.from('x'), 'x.pdf');
    expect(res.body.code).toBe('FILE_TYPE_REJECTED');
    expect(await leftOver()).toEqual([]);
  });

  it('refuses 50 MB + 1 byte with FILE_TOO_LARGE while streaming and leaves no temp file', async () => {
    let reached = false;
    const res = await request(
      app(async () => {
        reached = true;
        return {};
      }),
    )
      .post('/up')
      .attach('file', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41), 'big.pdf');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(reached).toBe(false);
    expect(await leftOver()).toEqual([]);
  });

  it('proves the type of a large file from its ends (docx) or from all of its text (csv, txt)', async () => {
    const docxEnd = Buffer.concat([
      Buffer.from('PK\x03\x04', 'latin1'),
      Buffer.alloc(300_000),
      Buffer.from('PK\x01\x02[Content_Types].xml PK\x01\x02word/document.xml'),
    ]);
    const bigCsv = Buffer.from('item,grainType\n' + '1,Wheat\n'.repeat(40_000));
    const csvWithPage = Buffer.from('item,grainType\n' + '1,Wheat\n'.repeat(20_000) + '<script>alert(1)</script>\n' + '1,Wheat\n'.repeat(20_000));
    const splitUtf8 = Buffer.concat([Buffer.from('a,b\n'), Buffer.from('Lúa mì,'.repeat(30_000))]);
    const checked = async (name: string, data: Buffer) => {
      const res = await request(
        app(async (f) => ({
          type: await checkUploadedFile(name, f.path).then(
            (c) => c.ext,
            (e: AppError) => e.code,
          ),
          text: await isPlainTextFile(f.path),
        })),
      )
        .post('/up')
        .attach('file', data, name);
      return res.body as { type: string; text: boolean };
    };
    expect(await checked('contract.docx', docxEnd)).toEqual({ type: 'docx', text: false });
    expect(await checked('harvest.csv', bigCsv)).toEqual({ type: 'csv', text: true });
    expect(await checked('harvest.csv', csvWithPage)).toEqual({ type: 'FILE_TYPE_REJECTED', text: false });
    expect(await checked('names.csv', splitUtf8)).toEqual({ type: 'csv', text: true });
    expect(await leftOver()).toEqual([]);
  });
});
