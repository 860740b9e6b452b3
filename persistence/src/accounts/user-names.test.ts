/**
 * The names a certificate's answer shows (audit trail, rejection notice) are read for the people it names,
 * not by loading the company's whole user list on every answer (issue 29: the bench saw the list read on
 * every sign answer, a cost that grows with the company).
 */
import { createStores, type Stores } from '../stores';
import type { Db } from '../db';
import { createTestCompany, createTestDb, createTestUser } from '../testing';

let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

test("a company's users' names by id: only those asked, only the company's own, none of a deleted user", async () => {
  const co = await createTestCompany(stores, 'Names Grain Co');
  const other = await createTestCompany(stores, 'Other Grain Co');
  const ada = await createTestUser(stores, co.id, 'staff', { firstname: 'Ada', lastname: "O'Neil" });
  const bo = await createTestUser(stores, co.id, 'staff', { firstname: 'Bo', lastname: 'Tran' });
  const gone = await createTestUser(stores, co.id, 'staff', { firstname: 'Gone', lastname: 'User' });
  await stores.users.softDelete(gone.id);
  const foreign = await createTestUser(stores, other.id, 'staff', { firstname: 'Foreign', lastname: 'User' });
  for (let i = 0; i < 5; i++) await createTestUser(stores, co.id, 'staff');

  const names = await stores.users.namesOf(co.id, [ada.id, gone.id, foreign.id, 'system', ada.id]);
  expect([...names.entries()]).toEqual([[ada.id, "Ada O'Neil"]]);
  expect(await stores.users.namesOf(co.id, [])).toEqual(new Map());
  expect((await stores.users.namesOf(co.id, [bo.id])).get(bo.id)).toBe('Bo Tran');
});
