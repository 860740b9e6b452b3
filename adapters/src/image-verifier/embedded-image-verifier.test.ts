import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createStores, type Db } from '@grain/persistence';
import { createTestDb, createTestCompany } from '@grain/persistence/testing';
import { LocalFileStorage } from '../storage/file-storage';
import { EmbeddedImageVerifier } from './embedded-image-verifier';
import { samplePng } from './sample-images';

/** The embedded verifier on a real database and real file storage. */
describe('EmbeddedImageVerifier', () => {
  let db: Db;
  let dir: string;
  let verifier: EmbeddedImageVerifier;
  let companyId: string;
  let userId: string;

  beforeAll(async () => {
    db = await createTestDb();
    dir = await mkdtemp(path.join(tmpdir(), 'grain-verifier-'));
    verifier = new EmbeddedImageVerifier(createStores(db.knex).imageVerifications, new LocalFileStorage(dir), 'http://127.0.0.1:3000');
    const company = await createTestCompany(createStores(db.knex), 'Photo Farms');
    companyId = company.id;
    userId = (
      await createStores(db.knex).users.create({
        email: `p${randomUUID().slice(0, 6)}@photo.test`,
        passwordHash: 'x',
        firstname: 'Pat',
        lastname: 'Lee',
        role: 'admin',
        companyId,
      })
    ).id;
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const newRecord = async () =>
    (
      await createStores(db.knex).farmData.create(companyId, userId, {
        grainType: 'Wheat',
        harvestGrade: 'APH',
        storageLocation: 'Silo 2',
        quantity: 500,
        protein: 11,
        moisture: 10,
        productionDate: '2025-11-01',
        dataType: 'Manual',
      })
    )._id;

  it('keeps the earlier verified photo when a later upload is refused, and answers the refusal', async () => {
    const farmDataId = await newRecord();
    const scope = { companyId, farmDataId };
    const good = samplePng(640, 480, 11);
    const ok = await verifier.submitPhoto({ ...scope, userId, data: good });
    expect(ok).toMatchObject({ verified: true, width: 640, height: 480, mime: 'image/png' });

    // each kind of refusal: too small, not an image, a photo already verified for another record
    const otherId = await newRecord();
    const other = samplePng(640, 480, 12);
    expect((await verifier.submitPhoto({ companyId, farmDataId: otherId, userId, data: other })).verified).toBe(true);
    const refusals: Array<[Buffer, string]> = [
      [samplePng(100, 80, 3), 'IMAGE_TOO_SMALL'],
      [Buffer.from('<html>not a photo</html>'), 'IMAGE_NOT_READABLE'],
      [other, 'IMAGE_DUPLICATE'],
    ];
    for (const [data, reason] of refusals) {
      const refused = await verifier.submitPhoto({ ...scope, userId, data });
      expect(refused).toMatchObject({ verified: false, status: 'rejected', reason, kept_verified: true, image_url: null });
      const standing = await verifier.getResult(scope);
      expect(standing).toMatchObject({ verified: true, width: 640, height: 480, image_url: `/api/farmdata/verification/image/${farmDataId}` });
      expect(await createStores(db.knex).farmData.isImageVerified(companyId, farmDataId)).toBe(true);
      expect((await verifier.photo(scope))?.data.equals(good)).toBe(true);
    }
    const row = await db.knex('farm_data').where({ id: farmDataId }).first('image_validation', 'image_url');
    expect(row).toEqual({ image_validation: 'Verified', image_url: `/api/farmdata/verification/image/${farmDataId}` });
  });

  it('stores a refusal for a record without a verified photo, and a later good photo replaces it', async () => {
    const farmDataId = await newRecord();
    const scope = { companyId, farmDataId };
    const refused = await verifier.submitPhoto({ ...scope, userId, data: samplePng(50, 50, 4) });
    expect(refused).toMatchObject({ verified: false, reason: 'IMAGE_TOO_SMALL' });
    expect(refused.kept_verified).toBeUndefined();
    expect(await verifier.getResult(scope)).toMatchObject({ verified: false, reason: 'IMAGE_TOO_SMALL' });
    expect((await db.knex('farm_data').where({ id: farmDataId }).first('image_validation')).image_validation).toBe('Rejected');

    expect((await verifier.submitPhoto({ ...scope, userId, data: samplePng(800, 600, 5) })).verified).toBe(true);
    expect(await createStores(db.knex).farmData.isImageVerified(companyId, farmDataId)).toBe(true);
    // a second good photo replaces the first one as the evidence
    const second = samplePng(1024, 768, 6);
    expect(await verifier.submitPhoto({ ...scope, userId, data: second })).toMatchObject({ verified: true, width: 1024 });
    expect((await verifier.photo(scope))?.data.equals(second)).toBe(true);
  });

  it("judges a photo a duplicate only within its own company: another tenant's photos are neither read nor revealed", async () => {
    const rival = await createTestCompany(createStores(db.knex), 'Rival Photo Farms');
    const rivalUser = await createStores(db.knex).users.create({
      email: `r${randomUUID().slice(0, 6)}@rival-photo.test`,
      passwordHash: 'x',
      firstname: 'Rae',
      lastname: 'Ng',
      role: 'admin',
      companyId: rival.id,
    });
    const rivalRecord = (
      await createStores(db.knex).farmData.create(rival.id, rivalUser.id, {
        grainType: 'Barley',
        harvestGrade: 'FEED',
        storageLocation: 'Shed 1',
        quantity: 90,
        protein: 10,
        moisture: 11,
        productionDate: '2025-11-02',
        dataType: 'Manual',
      })
    )._id;
    const photo = samplePng(640, 480, 21);
    expect((await verifier.submitPhoto({ companyId: rival.id, farmDataId: rivalRecord, userId: rivalUser.id, data: photo })).verified).toBe(true);
    // the same bytes for a record of this company: not a duplicate of anything this company holds
    const mine = await newRecord();
    expect(await verifier.submitPhoto({ companyId, farmDataId: mine, userId, data: photo })).toMatchObject({ verified: true, reason: null });
    // within one company the same bytes on a second record are still a duplicate
    const second = await newRecord();
    expect(await verifier.submitPhoto({ companyId, farmDataId: second, userId, data: photo })).toMatchObject({ verified: false, reason: 'IMAGE_DUPLICATE' });
  });
});
