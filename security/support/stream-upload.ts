/**
 * Posts a multipart upload of `size` bytes to a real listener without holding the file in memory:
 * one 64 KB chunk is written over and over. Stops writing as soon as the server answers (an upload
 * refused at the size limit is answered before the body ends).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export interface StreamUpload {
  url: string;
  headers: Record<string, string>;
  field: string;
  fileName: string;
  size: number;
  fields?: Record<string, string>;
  /** The first bytes of the file (e.g. %PDF-), so only the size is wrong. */
  head?: Buffer;
}

export function streamUpload(u: StreamUpload): Promise<{ status: number; body: any; sent: number }> {
  const boundary = `----grain${randomBytes(8).toString('hex')}`;
  const pre =
    Object.entries(u.fields ?? {})
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${u.field}"; filename="${u.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const post = `\r\n--${boundary}--\r\n`;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    const req = http.request(u.url, { method: 'POST', headers: { ...u.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    // The server may close the connection once it has answered; a write error after that is expected.
    req.on('error', (e) => (answered ? undefined : reject(e)));
    req.write(pre);
    if (u.head) {
      req.write(u.head);
      sent += u.head.length;
    }
    const pump = () => {
      while (!answered && sent < u.size) {
        const n = Math.min(chunk.length, u.size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!answered) req.end(post);
    };
    pump();
  });
}
