import { samplePng } from '@grain/adapters/testing';
import { MAX_UPLOAD_BYTES } from '@grain/domain';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';
import { readdir } from 'node:fs/promises';
import { checkUploadName, contentDisposition, detectFileType } from '../http/file-checks';
import { uploadTempDir } from '../http/uploads';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const DOCX = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml'),
  Buffer.alloc(40),
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.alloc(26),
  Buffer.from('word/document.xml'),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x10, 0x00, 0x10, 0x00, 0, 0, 0]), Buffer.from([0x3b])]);
const CSV = Buffer.from('item,grainType\n1,Wheat\n');

describe('documents API', () => {
  let t: TestApp;
  let staff: Agent;
  let other: Agent;
  let signer: Agent;
  const docCount = async () => Number((await t.db.knex('documents').count({ n: '*' }))[0].n);
  // filepath, not filename: form-data would cut a file name to its last path part before sending it.
  const upload = (a: Agent, data: Buffer, name: string, docType = 'report') =>
    a
      .post('/api/company/document/create')
      .field('docType', docType)
      .field('description', 'Quarterly grain report')
      .attach('file', data, { filepath: name } as never);

  beforeAll(async () => {
    t = await createTestApp();
    const acme = await seedCompanyWithUsers(t.db.knex, 'Acme Docs', ['staff', 'signer']);
    const rival = await seedCompanyWithUsers(t.db.knex, 'Rival Docs', ['staff']);
    staff = await loginAs(t.app, acme.users.staff.email, TEST_PASSWORD);
    signer = await loginAs(t.app, acme.users.signer.email, TEST_PASSWORD);
    other = await loginAs(t.app, rival.users.staff.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the document types with their labels in the caller language', async () => {
    const en = await staff.get('/api/company/document/create');
    expect(en.body.documentTypes).toContainEqual({ value: 'argriPolicy', label: 'Agricultural Policy' });
    expect(en.body.documentTypes).toContainEqual({ value: 'nationalIdentity', label: 'ID' });
    const vn = await staff.get('/api/company/document/create').set('x-lang', 'vn');
    expect(vn.body.documentTypes).toContainEqual({ value: 'invoice', label: 'Hóa đơn' });
  });

  it('accepts each allowed type by its content, stores it under a generated name and serves it safely', async () => {
    const cases: Array<[Buffer, string, string, string]> = [
      [PDF, 'Grain report.pdf', 'application/pdf', 'inline'],
      [samplePng(40, 30), 'silo.png', 'image/png', 'inline'],
      [GIF, 'logo.gif', 'image/gif', 'inline'],
      [DOCX, 'contract.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'attachment'],
      [DOC, 'old.doc', 'application/msword', 'attachment'],
      [CSV, 'harvest.csv', 'text/csv; charset=utf-8', 'attachment'],
    ];
    for (const [data, name, type, disposition] of cases) {
      const res = await upload(staff, data, name);
      expect(res.status).toBe(201);
      expect(res.body.documents.docName).toBe(name.replace(/\.[^.]+$/, ''));
      const id = res.body.documents.docId;
      const row = await t.db.knex('documents').where({ id }).first();
      expect(row.storage_key).toMatch(/^documents\/[0-9a-f-]{36}\.[a-z]+$/);
      const file = await staff
        .get(`/api/company/document/${id}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['content-disposition'].startsWith(disposition)).toBe(true);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(file.body, data)).toBe(0);
      const dl = await staff.get(`/api/company/document/${id}?download=1`);
      expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="/);
    }
    const list = await staff.get('/api/company/documentes');
    expect(list.body.documents).toHaveLength(cases.length);
    expect(list.body.documents[0]).toMatchObject({
      docType: 'report',
      description: 'Quarterly grain report',
      uploadUserName: expect.stringContaining('Staff'),
    });
    expect((await staff.get('/api/company/documentes').query({ q: 'contract' })).body.documents.map((d: { docName: string }) => d.docName)).toEqual([
      'contract',
    ]);
    expect((await other.get('/api/company/documentes')).body.documents).toEqual([]);
    expect((await other.get(`/api/company/document/${list.body.documents[0].docId}`)).status).toBe(404);
  });

  it('accepts 0 of the hostile upload corpus', async () => {
    const before = await docCount();
    const corpus: Array<[Buffer, string, string]> = [
      [Buffer.from('<!doctype html><script>fetch("/api/auth/me")</script>'), 'invoice.pdf', 'FILE_TYPE_REJECTED'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'chart.png', 'FILE_TYPE_REJECTED'],
      [Buffer.from('<html><body>hi</body></html>,a\n'), 'data.csv', 'FILE_TYPE_REJECTED'],
      [Buffer.from('MZ\x90\x00\x03', 'latin1'), 'setup.exe', 'FILE_TYPE_REJECTED'],
      [PDF, 'report.pdf.exe', 'FILE_TYPE_REJECTED'],
      [PDF, 'invoice.exe.pdf', 'FILE_TYPE_REJECTED'],
      [Buffer.from('<?php system($_GET["c"]); ?>'), 'shell.php.pdf', 'FILE_TYPE_REJECTED'],
      [PDF, 'report.png', 'FILE_TYPE_REJECTED'],
      [samplePng(20, 20), 'photo.gif', 'FILE_TYPE_REJECTED'],
      [Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40)]), 'archive.docx', 'FILE_TYPE_REJECTED'],
      [Buffer.from([0x00, 0x01, 0x02, 0x03]), 'binary.csv', 'FILE_TYPE_REJECTED'],
      [PDF, '../../etc/passwd.pdf', 'FILE_NAME_REJECTED'],
      [PDF, '..\\..\\windows\\win.ini.pdf', 'FILE_NAME_REJECTED'],
      [PDF, '.hidden.pdf', 'FILE_NAME_REJECTED'],
      [PDF, 'report\u0000.pdf', 'INVALID_INPUT'], // busboy refuses the part header itself
      [PDF, 'noextension', 'FILE_TYPE_REJECTED'],
    ];
    for (const [data, name, code] of corpus) {
      const res = await upload(staff, data, name);
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: res.status >= 400 ? res.status : -1, code });
    }
    const wrongType = await upload(staff, PDF, 'ok.pdf', 'malware');
    expect(wrongType.status).toBe(400);
    expect((await signer.post('/api/company/document/create').field('docType', 'report').attach('file', PDF, 'x.pdf')).status).toBe(403);
    expect(await docCount()).toBe(before);
  });

  it('refuses a file over 50 MB', async () => {
    const before = await docCount();
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    big.write('%PDF-1.4\n', 0);
    const res = await upload(staff, big, 'huge.pdf');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(await docCount()).toBe(before);
    expect(await readdir(uploadTempDir())).toEqual([]);
  });

  it('keeps no temp file of an upload once it is stored', async () => {
    await upload(staff, PDF, 'kept.pdf').expect(201);
    for (let i = 0; i < 40 && (await readdir(uploadTempDir())).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await readdir(uploadTempDir())).toEqual([]);
  });

  it('updates name, type and file with a version check, and shows the detail', async () => {
    const created = await upload(staff, PDF, 'Licence 2025.pdf', 'license');
    const id = created.body.documents.docId;
    const detail = await staff.get(`/api/company/document/${id}/detail`);
    expect(detail.body.document).toMatchObject({ docName: 'Licence 2025', docType: 'license', version: 1, file: { ext: 'pdf', name: 'Licence 2025.pdf' } });
    const upd = await staff
      .post(`/api/company/document/${id}/update`)
      .field('docName', 'Export licence')
      .field('docType', 'certificate')
      .field('version', '1')
      .attach('file', samplePng(50, 50), 'scan.png');
    expect(upd.status).toBe(200);
    expect(upd.body.document).toMatchObject({
      docName: 'Export licence',
      docType: 'certificate',
      version: 2,
      file: { ext: 'png', mime: 'image/png', version: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    // the replaced file version is forgotten, bytes and all, since no certificate holds it
    const companyOf = (await t.db.knex('documents').where({ id }).first('company_id')).company_id;
    expect(await t.deps.stores.documents.fileVersion(companyOf, id, 1)).toBeNull();
    expect(await t.deps.stores.documents.fileVersion(companyOf, id, 2)).toMatchObject({ ext: 'png', sha256: upd.body.document.file.sha256 });
    expect(await t.db.knex('document_versions').where({ document_id: id }).pluck('version')).toEqual([2]);
    const stale = await staff.post(`/api/company/document/${id}/update`).field('docName', 'Stale').field('version', '1');
    expect(stale.status).toBe(409);
    expect((await other.post(`/api/company/document/${id}/update`).field('docName', 'x').field('version', '2')).status).toBe(404);
    // two edits made from version 2 (a second client's stale copy): the store lets one land and reports the
    // other as a conflict
    const companyId = (await t.db.knex('documents').where({ id }).first('company_id')).company_id;
    const store = t.deps.stores.documents;
    const first = await store.update(companyId, id, 2, { docName: 'First' });
    expect(first).toMatchObject({ doc: { docName: 'First', version: 3 } });
    expect(await store.update(companyId, id, 2, { docName: 'Second' })).toBe('conflict');
    expect((await staff.get(`/api/company/document/${id}/detail`)).body.document).toMatchObject({ docName: 'First', version: 3 });
  });
  it('stores an empty description empty, not as a placeholder text', async () => {
    const res = await staff
      .post('/api/company/document/create')
      .field('docType', 'report')
      .attach('file', PDF, { filepath: 'no-words.pdf' } as never);
    expect(res.status).toBe(201);
    const list = await staff.get('/api/company/documentes').expect(200);
    expect(list.body.documents.find((d: { docName: string }) => d.docName === 'no-words')).toMatchObject({ description: '' });
  });
});

describe('file checks', () => {
  it('detects types from bytes only', () => {
    expect(detectFileType(PDF)).toBe('pdf');
    expect(detectFileType(DOCX)).toBe('docx');
    expect(detectFileType(DOC)).toBe('doc');
    expect(detectFileType(Buffer.from('<script>x</script>,1\n'))).toBeNull();
  });
  it('writes a Content-Disposition that cannot break out of its quotes', () => {
    expect(contentDisposition('attachment', 'a"b;c\r\n.pdf')).toBe('attachment; filename="a_b_c__.pdf"; filename*=UTF-8\'\'a%22b%3Bc%0D%0A.pdf');
    expect(contentDisposition('inline', 'Báo cáo.pdf')).toBe('inline; filename="B_o c_o.pdf"; filename*=UTF-8\'\'B%C3%A1o%20c%C3%A1o.pdf');
    expect(() => checkUploadName('a/b.pdf')).toThrow();
  });
});
