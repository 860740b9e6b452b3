/**
 * The HTTP edge of the real app: security headers on every answer (errors and 404s included), HSTS
 * only over https, a request id on every answer, no source maps and no internal paths for the
 * public, and refusals that say what is wrong.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';
import { CONTENT_SECURITY_POLICY } from './security-headers';
import { hashPassword } from '@grain/persistence';

let t: TestApp;
let co: SeededCompany;
let admin: Agent;
let staff: Agent;
let operator: Agent;
let uiDir: string;

beforeAll(async () => {
  t = await createTestApp({ TEMPORAL_TASK_QUEUE: `edge-${Date.now()}`, PLATFORM_OPERATORS: 'ops@platform.test' });
  co = await seedCompanyWithUsers(t.db.knex, 'Edge Grain');
  await t.deps.stores.users.create({
    email: 'ops@platform.test',
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstname: 'Pat',
    lastname: 'Ops',
    role: 'admin',
    companyId: null,
  });
  operator = await loginAs(t.app, 'ops@platform.test', TEST_PASSWORD);
  admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
  staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
  uiDir = mkdtempSync(path.join(os.tmpdir(), 'grain-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(uiDir, 'app.js.map'), '{"sources":["secret.ts"]}');
});
afterAll(async () => {
  rmSync(uiDir, { recursive: true, force: true });
  await t?.close();
});

const withUi = () => createApp(t.deps, { uiDir });

describe('security headers', () => {
  const answers = () =>
    [
      ['health', request(t.app).get('/api/health')],
      ['an API 404', request(t.app).get('/api/no/such/call')],
      [
        'an error answer',
        request(t.app).post('/api/auth/login').set('Origin', 'http://127.0.0.1:3000').send('{bad json').set('Content-Type', 'application/json'),
      ],
      ['a cross-site refusal', request(t.app).post('/api/auth/login').set('Origin', 'https://evil.example').send({})],
      ['the UI page', request(withUi()).get('/certificates')],
      ['a UI 404', request(withUi()).get('/assets/missing.js')],
    ] as const;

  it('sends CSP with frame-ancestors none, nosniff, a referrer policy and no HSTS over plain http on every answer', async () => {
    for (const [what, pending] of answers()) {
      const res = await pending;
      expect([what, res.headers['content-security-policy']]).toEqual([what, CONTENT_SECURITY_POLICY]);
      expect([what, res.headers['x-content-type-options']]).toEqual([what, 'nosniff']);
      expect([what, res.headers['referrer-policy']]).toEqual([what, 'same-origin']);
      expect([what, res.headers['x-frame-options']]).toEqual([what, 'DENY']);
      expect([what, res.headers['strict-transport-security']]).toEqual([what, undefined]);
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
  });

  it('sends HSTS when the request came over https through the local proxy', async () => {
    const res = await request(t.app).get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  it('serves a UI page whose scripts the CSP allows: no inline script in the page', () => {
    for (const file of ['ui/index.html', 'ui/dist/index.html']) {
      let html: string;
      try {
        html = readFileSync(path.join(__dirname, '../../..', file), 'utf8');
      } catch {
        continue; // the built page exists only after `npm run build -w @grain/ui`
      }
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\ssrc="\/[^"]+"/);
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('does not serve source maps of the UI', async () => {
    const res = await request(withUi()).get('/app.js.map');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('secret.ts');
  });
});

describe('request id', () => {
  it('names every answer, keeping a plain id a proxy sent and replacing anything else', async () => {
    const fresh = await request(t.app).get('/api/no/such/call');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(t.app).get('/api/health').set('X-Request-Id', 'proxy-1234abcd');
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');
    const replaced = await request(t.app).get('/api/health').set('X-Request-Id', 'bad id\twith tab <x>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is in the log line of a server fault, which holds no SQL text of a client mistake', async () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' ')));
    try {
      // An id the accounts routes hand to the database unchecked: refused there, answered 400.
      const res = await admin.get('/api/company/user/not-a-uuid').set('X-Request-Id', 'trace-42abcdef');
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      spy.mockRestore();
    }
    for (const l of lines) {
      expect(l).toContain('trace-42abcdef');
      expect(l).not.toMatch(/select|from "|where/i);
    }
  });
});

describe('/api/health', () => {
  // a client reaching the app through a proxy on this machine: what the public, and every company's admin, is
  const remote = '203.0.113.9';
  it('shows the public each component without paths or addresses, the details only to platform operators and this machine', async () => {
    const pub = await request(t.app).get('/api/health').set('X-Forwarded-For', remote);
    const text = JSON.stringify(pub.body);
    expect(Object.keys(pub.body.components).length).toBeGreaterThan(2);
    expect(text).not.toContain(t.deps.config.dataDir);
    expect(text).not.toMatch(/"\/(tmp|var|home|usr|data)\b|[A-Za-z]:\\\\|\b127\.0\.0\.1:\d+|localhost:\d+/);
    for (const c of Object.values(pub.body.components) as Array<Record<string, unknown>>) {
      expect(c).toEqual({ ok: expect.any(Boolean), kind: expect.stringMatching(/^(embedded|real)$/), detail: expect.any(String) });
    }
    // a company's admin is anyone who registered one: not the platform's operator (issue 26 item 10)
    const asAdmin = await admin.get('/api/health').set('X-Forwarded-For', remote);
    expect(JSON.stringify(asAdmin.body)).not.toContain(t.deps.config.dataDir);
    const notAdmin = await staff.get('/api/health').set('X-Forwarded-For', remote);
    expect(JSON.stringify(notAdmin.body)).not.toContain(t.deps.config.dataDir);
    const asOperator = await operator.get('/api/health').set('X-Forwarded-For', remote);
    expect(JSON.stringify(asOperator.body)).toContain(t.deps.config.dataDir);
    // asked on this machine itself (loopback, nothing forwarded): the details, for the operator's own probes
    const local = await request(t.app).get('/api/health');
    expect(JSON.stringify(local.body)).toContain(t.deps.config.dataDir);
  });
});

describe('refusals that say what is wrong', () => {
  it('names the field and the reason after "Please correct data:", in en and vn', async () => {
    const en = await admin.post('/api/company/document/create').field('docType', 'no-such-type').attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf');
    expect(en.status).toBe(400);
    expect(en.body.invalidMsg).toMatch(/^Please correct data: docType — \S/);
    const vn = await admin
      .post('/api/company/document/create?lang=vn')
      .field('docType', 'no-such-type')
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf');
    expect(vn.body.invalidMsg).toMatch(/^Vui lòng sửa dữ liệu: docType — \S/);
  });

  it('answers protein 150 with the range, not with "must be a number"', async () => {
    const res = await admin.post('/api/farmdata/harvesting/create').send({
      grainType: 'Barley',
      harvestGrade: 'FEED',
      storageLocation: 'Silo 1',
      quantity: '100',
      protein: '150',
      moisture: '10',
      productionDate: '2025-03-01',
      dataType: 'Manual',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PROTEIN_OUT_OF_RANGE');
    expect(res.body.invalidMsg).toBe('Protein must be a percentage from 0 to 100');
  });

  it('answers a JSON body in another charset 415, a compressed plain body 415, broken percent-encoding 400', async () => {
    const anon = browserAgent(t.app);
    const latin = await anon.post('/api/auth/login').set('Content-Type', 'application/json; charset=latin1').send('{"email":"a@b.c"}');
    expect([latin.status, latin.body.code]).toEqual([415, 'UNSUPPORTED_CHARSET']);
    const gzip = await anon.post('/api/auth/login').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"email":"a@b.c"}');
    expect([gzip.status, gzip.body.code]).toEqual([415, 'UNSUPPORTED_ENCODING']);
    const bad = await anon.get('/api/company/document/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body.invalidMsg).toBe('Please correct data: the address holds an invalid percent-encoding');
  });

  it('answers a NUL byte in a search or a public lookup 400 before it reaches the database', async () => {
    const search = await admin.get('/api/company/approvals?q=a%00b');
    expect([search.status, search.body.invalidMsg]).toEqual([400, 'Please correct data: text must not contain a NUL character']);
    const lookup = await request(t.app).get('/api/public/verify?number=%00');
    expect(lookup.status).toBe(400);
  });
});
