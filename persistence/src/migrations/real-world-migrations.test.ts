import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { createTestDb } from '../testing';
import * as addressParts from './030_address_parts';
import * as phonesE164 from './031_phones_e164';

/** Rows written before addresses had their parts and phones were E.164 read as the new rules say. */
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

it('030: moves a state written as the city into its field, and names the two countries one way', async () => {
  await addressParts.down(db.knex);
  const row = (street: string, city: string, country: string) => ({ id: randomUUID(), street, suburb: 'Somewhere', city, country });
  const rows = [
    row('12 Silo Road', 'New South Wales', 'Australia'),
    row('1 Main St', 'Bendigo', 'AUS'),
    row('12 Đường 30/4', 'Cần Thơ', 'Việt Nam'),
    row('5 Rue X', 'Lyon', 'France'),
  ];
  await db.knex('addresses').insert(rows);
  await addressParts.up(db.knex);
  const after = await db
    .knex('addresses')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .orderBy('street');
  expect(after.map((a) => [a.street, a.city, a.state, a.country])).toEqual([
    ['1 Main St', 'Bendigo', null, 'Australia'],
    ['12 Silo Road', '', 'NSW', 'Australia'],
    ['12 Đường 30/4', 'Cần Thơ', null, 'Vietnam'],
    ['5 Rue X', 'Lyon', null, 'France'],
  ]);
});

it("031: stores the phone numbers typed before in E.164, read in their company's country", async () => {
  const vnAddress = randomUUID();
  await db.knex('addresses').insert({ id: vnAddress, street: '1 Lê Lợi', suburb: 'Bến Nghé', city: '', province: 'TP. Hồ Chí Minh', country: 'Vietnam' });
  const au = { id: randomUUID(), name: 'Junee Grain', phone: '(03) 5495 1234' };
  const vn = { id: randomUUID(), name: 'Sài Gòn Grain', phone: '028 3822 1234', address_id: vnAddress };
  await db.knex('companies').insert([au, vn]);
  const users = [
    { id: randomUUID(), email: 'a@au.test', password_hash: 'x', firstname: 'A', lastname: 'B', role: 'staff', company_id: au.id, phone: '0412 345 678' },
    { id: randomUUID(), email: 'b@vn.test', password_hash: 'x', firstname: 'A', lastname: 'B', role: 'staff', company_id: vn.id, phone: '0912 345 678' },
    { id: randomUUID(), email: 'c@vn.test', password_hash: 'x', firstname: 'A', lastname: 'B', role: 'staff', company_id: vn.id, phone: 'ask reception' },
  ];
  await db.knex('users').insert(users);
  await phonesE164.up(db.knex);
  expect((await db.knex('companies').whereIn('id', [au.id, vn.id]).orderBy('name')).map((c) => c.phone)).toEqual(['+61354951234', '+842838221234']);
  expect(
    (
      await db
        .knex('users')
        .whereIn(
          'id',
          users.map((u) => u.id),
        )
        .orderBy('email')
    ).map((u) => u.phone),
  ).toEqual(['+61412345678', '+84912345678', 'ask reception']);
});
