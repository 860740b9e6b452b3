import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createStores, type Db } from '@grain/persistence';
import { createTestDb, createTestCompany } from '@grain/persistence/testing';
import { RemoteImageVerifier } from './remote-image-verifier';

/**
 * The external service adapter against a real HTTP server on loopback that speaks the spec's calls:
 * POST generate_link and get_verification_result with { farm_data_id }.
 */
describe('RemoteImageVerifier', () => {
  let db: Db;
  let server: http.Server;
  let base: string;
  const calls: Array<{ path: string; body: unknown }> = [];
  const verdicts = new Map<string, string>();

  beforeAll(async () => {
    db = await createTestDb();
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = raw ? JSON.parse(raw) : {};
        calls.push({ path: req.url ?? '', body });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/generate_link') return res.end(JSON.stringify({ verification_link: `https://verify.example/${body.farm_data_id}` }));
        const v = verdicts.get(body.farm_data_id);
        if (!v) return res.end(JSON.stringify({ error: 'no result yet' }));
        res.end(JSON.stringify({ 'verification result': [{ status: v, image_url: 'https://verify.example/img.jpg' }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await db.close();
  });

  it('generates the link, stores the service verdict on the farm record, and treats an error as no result', async () => {
    const company = await createTestCompany(createStores(db.knex), 'Remote Farms');
    const user = await createStores(db.knex).users.create({
      email: `u${randomUUID().slice(0, 6)}@remote.test`,
      passwordHash: 'x',
      firstname: 'Ann',
      lastname: 'Lee',
      role: 'admin',
      companyId: company.id,
    });
    const record = await createStores(db.knex).farmData.create(company.id, user.id, {
      grainType: 'Wheat',
      harvestGrade: 'APH',
      storageLocation: 'Silo 1',
      quantity: 1000,
      protein: 12.5,
      moisture: 11,
      productionDate: '2025-11-01',
      dataType: 'Manual',
    });
    const v = new RemoteImageVerifier(createStores(db.knex).imageVerifications, base);
    const scope = { companyId: company.id, farmDataId: record._id };

    expect(await v.generateLink(scope)).toBe(`https://verify.example/${record._id}`);
    expect(await v.getResult(scope)).toBeNull();
    expect(await createStores(db.knex).farmData.isImageVerified(company.id, record._id)).toBe(false);

    verdicts.set(record._id, 'verified');
    const result = await v.getResult(scope);
    expect(result).toMatchObject({ farm_data_id: record._id, verified: true, image_url: 'https://verify.example/img.jpg' });
    expect(await createStores(db.knex).farmData.isImageVerified(company.id, record._id)).toBe(true);

    verdicts.set(record._id, 'rejected');
    expect((await v.getResult(scope))?.verified).toBe(false);
    expect(await createStores(db.knex).farmData.isImageVerified(company.id, record._id)).toBe(false);
    expect(calls.map((c) => c.path)).toEqual(['/generate_link', '/get_verification_result', '/get_verification_result', '/get_verification_result']);
    expect(calls[0].body).toEqual({ farm_data_id: record._id });
  });
});
