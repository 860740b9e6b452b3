import express from 'express';
import request from 'supertest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { weakETag } from './etag';

/** The app's ETag function answers the ETag Express's own ('weak', the default) answers, for every body. */
const plain = express();
plain.get('/b/:n', (req, res) => {
  res.type(String(req.query.type ?? 'json')).send(body(Number(req.params.n)));
});
function body(n: number): string {
  // ASCII, multi-byte text and the empty body
  return n === 0 ? '' : `{"x":"${'ä€𝄞a'.repeat(n)}"}`;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('weakETag', () => {
  it.each([0, 1, 7, 1000, 5000])('is the ETag Express answers for a body of %i parts', async (n) => {
    const expressTag = (await request(plain).get(`/b/${n}`)).headers.etag;
    expect(expressTag).toMatch(/^W\/"/);
    expect(weakETag(body(n), 'utf8')).toBe(expressTag);
    expect(weakETag(Buffer.from(body(n)))).toBe(expressTag);
  });

  it("is what the app's answers carry", async () => {
    const res = await request(t.app).get('/api/company/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.etag).toBe(weakETag(res.text, 'utf8'));
  });
});
