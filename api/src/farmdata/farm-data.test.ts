import { samplePng } from '@grain/adapters/testing';
import { message } from '@grain/domain';
import { createStores } from '@grain/persistence';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

const HEADER = 'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate';
const csv = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\n') + '\n');
const input = {
  grainType: 'Barley',
  harvestGrade: 'AH',
  storageLocation: 'Silo B1',
  quantity: '24000',
  protein: '11.25',
  moisture: '10.5',
  productionDate: '03/11/2025',
};

describe('farm data API', () => {
  let t: TestApp;
  let acme: SeededCompany;
  let staff: Agent;
  let signer: Agent;
  let other: Agent;
  const count = async (companyId: string) => Number((await t.db.knex('farm_data').where({ company_id: companyId }).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    acme = await seedCompanyWithUsers(t.db.knex, 'Acme Grain', ['admin', 'staff', 'signer']);
    const rival = await seedCompanyWithUsers(t.db.knex, 'Rival Grain', ['staff']);
    staff = await loginAs(t.app, acme.users.staff.email, TEST_PASSWORD);
    signer = await loginAs(t.app, acme.users.signer.email, TEST_PASSWORD);
    other = await loginAs(t.app, rival.users.staff.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('creates a manual record, writes it to the ledger and shows its tx id', async () => {
    const res = await staff.post('/api/farmdata/harvesting/create').send({ farmData: input });
    expect(res.status).toBe(201);
    const rec = res.body.farmData;
    expect(rec).toMatchObject({
      grainType: 'Barley',
      quantity: 24000,
      protein: 11.25,
      moisture: 10.5,
      productionDate: '2025-11-03',
      dataType: 'Manual',
      stage: 'Harvest',
      imageValidation: 'NA',
    });
    expect(res.body.farmDatas).toHaveLength(1);
    const block = await t.deps.adapters.ledger.findByKey(`farm_data:${rec._id}`);
    expect(block?.recordType).toBe('farm_data');
    expect(rec.txId).toBe(block?.channelHeader.tx_id);
    expect(block?.payload).toMatchObject({ id: rec._id, companyId: acme.companyId, quantity: 24000 });

    const list = await staff.get('/api/farmdata/harvesting/list');
    expect(list.body.farmDatas.map((f: { _id: string }) => f._id)).toContain(rec._id);
    // Another company sees nothing of it, by list, detail or search.
    expect((await other.get('/api/farmdata/harvesting/list')).body.farmDatas).toEqual([]);
    expect((await other.get(`/api/farmdata/harvesting/detail/${rec._id}`)).status).toBe(404);
    expect((await staff.get(`/api/farmdata/harvesting/detail/${rec._id}`)).body.block.channelHeader.tx_id).toBe(rec.txId);
    expect(await createStores(t.db.knex).farmData.getFarmRecord(acme.companyId, rec._id)).toMatchObject({ _id: rec._id });
    expect(await createStores(t.db.knex).farmData.getFarmRecord('00000000-0000-0000-0000-000000000000', rec._id)).toBeNull();
    const found = await staff.get('/api/farmdata/harvesting/search').query({ q: rec.number.slice(0, 8), grainType: 'Barley' });
    expect(found.body.farmDatas.map((f: { _id: string }) => f._id)).toContain(rec._id);
  });

  it('puts a record the ledger missed on it at the next write, not when the list is read', async () => {
    // saved while the ledger was away: no tx id
    const missed = await t.deps.stores.farmData.create(acme.companyId, acme.users.staff.id, {
      grainType: 'Wheat',
      harvestGrade: 'APH',
      storageLocation: 'Silo 4',
      quantity: 100,
      protein: 12,
      moisture: 10,
      productionDate: '2025-11-01',
      dataType: 'Manual',
    });
    const txOf = async () => (await t.db.knex('farm_data').where({ id: missed._id }).first('tx_id')).tx_id;
    await staff.get('/api/farmdata/harvesting/list').expect(200);
    expect(await txOf()).toBeNull();
    expect(await t.deps.adapters.ledger.findByKey(`farm_data:${missed._id}`)).toBeNull();
    await staff.post('/api/farmdata/harvesting/create').send({ farmData: input }).expect(201);
    expect(await txOf()).toBe((await t.deps.adapters.ledger.findByKey(`farm_data:${missed._id}`))?.channelHeader.tx_id);
  });

  it('flags a record out of the standard of its claimed grade in every answer, and saves it all the same', async () => {
    const apw = { ...input, grainType: 'Wheat', harvestGrade: 'APW', protein: '11.5', moisture: '11' };
    const pass = await staff.post('/api/farmdata/harvesting/create').send({ farmData: apw }).expect(201);
    expect(pass.body.farmData.standard).toBe('pass');
    const fail = await staff
      .post('/api/farmdata/harvesting/create')
      .send({ farmData: { ...apw, harvestGrade: 'APH' } })
      .expect(201);
    expect(fail.body.farmData.standard).toBe('fail');
    expect((await staff.get(`/api/farmdata/harvesting/detail/${fail.body.farmData._id}`)).body.farmData.standard).toBe('fail');
    const streamed = await staff
      .post('/api/farmdata/harvesting/create')
      .send({ farmData: { ...apw, moisture: '13', dataType: 'Streaming' } })
      .expect(201);
    expect(streamed.body.farmData).toMatchObject({ dataType: 'Streaming', standard: 'fail' });
    const byId = new Map((await staff.get('/api/farmdata/harvesting/list')).body.farmDatas.map((f: { _id: string; standard: string }) => [f._id, f.standard]));
    expect([pass, fail, streamed].map((r) => byId.get(r.body.farmData._id))).toEqual(['pass', 'fail', 'fail']);
    // Barley under a wheat grade has no standard on file: said, not guessed.
    const created = await staff.post('/api/farmdata/harvesting/create').send({ farmData: input }).expect(201);
    expect(created.body.farmData.standard).toBe('noStandard');
    const uploaded = await staff
      .post('/api/farmdata/harvesting/upload')
      .attach(
        'file',
        csv('1,Wheat,APW,Silo 4,100,11.5,11,03/11/2025', '2,Wheat,APW,Silo 4,100,9.8,11,03/11/2025', '3,Barley,FEED,Shed 1,100,11.5,14,03/11/2025'),
        'standards.csv',
      )
      .expect(201);
    expect(uploaded.body.farmDatas.map((f: { standard: string }) => f.standard)).toEqual(['pass', 'fail', 'fail']);
    expect(['pass', 'fail', 'noStandard']).toContain((await staff.get('/api/farmdata/harvesting/autogenerate')).body.farmData.standard);
  });

  it('refuses bad values with their messages, and writers only', async () => {
    const bad = await staff.post('/api/farmdata/harvesting/create').send({ farmData: { ...input, quantity: '12.5' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'QUANTITY_NOT_INTEGER', invalidMsg: 'Quantity must be an integer' });
    const vn = await staff
      .post('/api/farmdata/harvesting/create')
      .set('x-lang', 'vn')
      .send({ farmData: { ...input, moisture: 'x' } });
    expect(vn.body.invalidMsg).toBe('Độ ẩm phải là một số');
    expect((await signer.post('/api/farmdata/harvesting/create').send({ farmData: input })).status).toBe(403);
    expect((await signer.get('/api/farmdata/harvesting/list')).status).toBe(200);
  });

  it('saves a good CSV file whole, each row on the ledger', async () => {
    const before = await count(acme.companyId);
    const blocksBefore = (await t.deps.adapters.ledger.lastBlock())?.blockNumber ?? -1;
    const res = await staff
      .post('/api/farmdata/harvesting/upload')
      .attach(
        'file',
        csv('1,Wheat,APH,Silo A1,1200,13.1,10.2,01/11/2025', '2,Barley,FEED,Shed 2,800,10,12,2025-11-02', '3,Corn,ASW,Bunker 3,500,8.75,14.5,05/11/2025'),
        'harvest.csv',
      );
    expect(res.status).toBe(201);
    expect(res.body.saved).toBe(3);
    expect(res.body.farmDatas.every((f: { txId: string | null; dataType: string }) => f.txId && f.dataType === 'Csv')).toBe(true);
    expect(await count(acme.companyId)).toBe(before + 3);
    expect((await t.deps.adapters.ledger.lastBlock())?.blockNumber).toBe(blocksBefore + 3);
  });

  it('saves nothing from a CSV file with a bad row, and names every bad row', async () => {
    const before = await count(acme.companyId);
    const res = await staff
      .post('/api/farmdata/harvesting/upload')
      .attach(
        'file',
        csv(
          '1,Wheat,APH,Silo A1,1200,13.1,10.2,01/11/2025',
          '2,Rice,APH,Silo A1,1200,13.1,10.2,01/11/2025',
          '3,Wheat,APH,Silo A1,12.5,13.1,10.2,01/11/2025',
          '4,Wheat,APH,Silo A1,100,13.1,damp,01/11/2025',
          '5,Wheat,APH,Silo A1,100,high,10,01/11/2025',
        ),
        'harvest.csv',
      );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CSV_FORMAT_ERROR');
    expect(res.body.details.rows.map((r: { row: number; message: string }) => [r.row, r.message])).toEqual([
      [2, 'CSV format data error'],
      [3, 'Quantity must be an integer'],
      [4, 'Moisture must be a number'],
      [5, 'Protein must be a number'],
    ]);
    expect(await count(acme.companyId)).toBe(before);
  });

  it('imports a large CSV file in pieces: the process keeps answering while it runs', async () => {
    // One process serves everyone on the embedded default: a heartbeat timer stands for every other
    // request. Its longest silence must be a fraction of the import, not the import itself.
    const n = 2000;
    const before = await count(acme.companyId);
    const blocksBefore = (await t.deps.adapters.ledger.lastBlock())?.blockNumber ?? -1;
    const rows = Array.from({ length: n }, (_, i) => `${i + 1},Wheat,APH,"Silo A1, bay ${i % 7}",${1000 + i},13.1,10.2,01/11/2025`);
    let last = Date.now();
    let longestSilence = 0;
    const beat = setInterval(() => {
      longestSilence = Math.max(longestSilence, Date.now() - last);
      last = Date.now();
    }, 5);
    const started = Date.now();
    const res = await staff.post('/api/farmdata/harvesting/upload').attach('file', csv(...rows), 'big.csv');
    const took = Date.now() - started;
    clearInterval(beat);
    longestSilence = Math.max(longestSilence, Date.now() - last);
    expect(res.status).toBe(201);
    expect(res.body.saved).toBe(n);
    expect(res.body.farmDatas.every((f: { txId: string | null }) => f.txId)).toBe(true);
    expect(res.body.farmDatas[n - 1]).toMatchObject({ item: String(n), storageLocation: `Silo A1, bay ${(n - 1) % 7}`, quantity: 1000 + n - 1 });
    expect(await count(acme.companyId)).toBe(before + n);
    expect((await t.deps.adapters.ledger.lastBlock())?.blockNumber).toBe(blocksBefore + n);
    expect(await t.deps.adapters.ledger.verify()).toMatchObject({ ok: true });
    expect(longestSilence).toBeLessThan(took / 2);
  }, 180_000);

  it('refuses a whole CSV file over the row limit', async () => {
    const before = await count(acme.companyId);
    const rows = Array.from({ length: 5001 }, (_, i) => `${i},Wheat,APH,Silo A1,1200,13.1,10.2,01/11/2025`);
    const res = await staff.post('/api/farmdata/harvesting/upload').attach('file', csv(...rows), 'too-big.csv');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'CSV_FORMAT_ERROR', details: { rows: [{ row: 5001 }], failed: 1 } });
    expect(await count(acme.companyId)).toBe(before);
  });

  it('refuses an empty or unreadable CSV file', async () => {
    const empty = await staff.post('/api/farmdata/harvesting/upload').attach('file', Buffer.from(HEADER + '\n'), 'empty.csv');
    expect(empty.body).toMatchObject({ code: 'CSV_EMPTY', invalidMsg: 'Upload farm csv data file error' });
    const binary = await staff.post('/api/farmdata/harvesting/upload').attach('file', Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3]), 'x.csv');
    expect(binary.body).toMatchObject({ code: 'CSV_READ_ERROR', invalidMsg: 'Upload csv file process error' });
  });

  it('autogenerates a plausible streaming record that saves as Streaming', async () => {
    const gen = await staff.get('/api/farmdata/harvesting/autogenerate');
    expect(gen.status).toBe(200);
    const g = gen.body.farmData;
    expect(g.protein).toBeGreaterThan(5);
    expect(g.protein).toBeLessThan(16);
    const saved = await staff.post('/api/farmdata/harvesting/create').send({ farmData: { ...g, dataType: 'Streaming' } });
    expect(saved.status).toBe(201);
    expect(saved.body.farmData).toMatchObject({ dataType: 'Streaming', status: 'Saved', streamingUser: acme.users.staff.id, number: g.number });
  });

  it('verifies a grain photo: real image, big enough, not reused; the result gates the record', async () => {
    const mk = async () => (await staff.post('/api/farmdata/harvesting/create').send({ farmData: input })).body.farmData._id as string;
    const [a, b] = [await mk(), await mk()];
    const link = await staff.post('/api/farmdata/verification/generate_link').send({ farm_data_id: a });
    expect(link.body.verification_link).toBe(`http://127.0.0.1:3000/imagevalidation?farm_data_id=${a}`);
    expect((await staff.post('/api/farmdata/verification/get_verification_result').send({ farm_data_id: a })).body.error).toBeTruthy();

    const upload = (id: string, data: Buffer, name: string) =>
      staff.post('/api/farmdata/verification/upload').field('farm_data_id', id).attach('file', data, name);
    const html = await upload(a, Buffer.from('<html><body>grain</body></html>'), 'grain.png');
    expect(html.body['verification result'][0]).toMatchObject({ verified: false, reason: 'IMAGE_NOT_READABLE' });
    const small = await upload(a, samplePng(100, 80), 'small.png');
    expect(small.body['verification result'][0]).toMatchObject({ verified: false, reason: 'IMAGE_TOO_SMALL', width: 100 });
    expect(await createStores(t.db.knex).farmData.isImageVerified(acme.companyId, a)).toBe(false);

    const photo = samplePng(640, 480, 3);
    const ok = await upload(a, photo, 'grain.png');
    expect(ok.body['verification result'][0]).toMatchObject({ verified: true, width: 640, height: 480, mime: 'image/png' });
    expect(await createStores(t.db.knex).farmData.isImageVerified(acme.companyId, a)).toBe(true);
    expect(await createStores(t.db.knex).farmData.isImageVerified(acme.companyId, b)).toBe(false);
    const result = await staff.post('/api/farmdata/verification/get_verification_result').send({ farm_data_id: a });
    expect(result.body['verification result'][0].verified).toBe(true);
    const img = await staff.get(`/api/farmdata/verification/image/${a}`);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.body, photo)).toBe(0);

    // A later refused photo is answered with its message, but the verified one stands.
    const refused = await upload(a, samplePng(90, 60, 8), 'blurry.png').set('x-lang', 'vn');
    expect(refused.body['verification result'][0]).toMatchObject({
      verified: false,
      reason: 'IMAGE_TOO_SMALL',
      kept_verified: true,
      reasonText: message('IMAGE_TOO_SMALL', 'vn'),
    });
    expect(await createStores(t.db.knex).farmData.isImageVerified(acme.companyId, a)).toBe(true);
    expect((await staff.post('/api/farmdata/verification/get_verification_result').send({ farm_data_id: a })).body['verification result'][0]).toMatchObject({
      verified: true,
      width: 640,
    });
    expect(Buffer.compare((await staff.get(`/api/farmdata/verification/image/${a}`)).body, photo)).toBe(0);

    const dup = await upload(b, photo, 'again.png');
    expect(dup.body['verification result'][0]).toMatchObject({ verified: false, reason: 'IMAGE_DUPLICATE' });
    // Another company can neither verify nor read this company's record.
    expect((await other.post('/api/farmdata/verification/get_verification_result').send({ farm_data_id: a })).status).toBe(404);
    expect((await other.get(`/api/farmdata/verification/image/${a}`)).status).toBe(404);
  });
});
