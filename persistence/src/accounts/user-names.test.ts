/**
 * The names a certificate's answer shows (audit trail, rejection notice) are read for the people it names,
 * not by loading the company's whole user list on every answer (issue 29: the bench saw the list read on
 * every sign answer, a cost that grows with the company).
 */
import { randomUUID } from 'node:crypto';
import { createCertificate, type CertificateState } from '@grain/domain';
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

test("a certificate read with its viewer's facts names the same people as namesOf, of its company only, in one statement", async () => {
  const co = await createTestCompany(stores, 'Facts Grain Co');
  const other = await createTestCompany(stores, 'Facts Other Co');
  const ada = await createTestUser(stores, co.id, 'staff', { firstname: 'Ada', lastname: 'Facts' });
  const gone = await createTestUser(stores, co.id, 'staff', { firstname: 'Gone', lastname: 'Facts' });
  await stores.users.softDelete(gone.id);
  const foreign = await createTestUser(stores, other.id, 'staff', { firstname: 'Foreign', lastname: 'Facts' });
  const s = createCertificate({
    id: randomUUID(),
    companyId: co.id,
    approvalNumber: 'VF-1',
    approvalName: 'Viewer facts',
    submitter: { id: ada.id, name: 'Ada Facts', email: 'ada@grain.test' },
    levels: [
      {
        group: 'G',
        signers: [{ id: ada.id, name: 'Ada Facts', email: 'ada@grain.test', role: 'Inspector' }],
        signatures: 1,
        deadline: '2030-01-01T00:00:00.000Z',
      },
    ],
  });
  const audited = {
    ...s,
    audit: [ada.id, gone.id, foreign.id, 'system'].map((actorId) => ({ at: new Date().toISOString(), actorId, action: 'edit' })),
  } as CertificateState;
  await stores.certificates.saveDraft(audited);
  const sql: string[] = [];
  const count = (q: { sql: string }) => void sql.push(q.sql);
  db.knex.on('query', count);
  const read = await stores.certificates.withViewerFacts(co.id, s.id, ada.id);
  db.knex.removeListener('query', count);
  expect(sql).toHaveLength(1);
  expect(read?.stored.state.id).toBe(s.id);
  expect(read?.facts).toMatchObject({ viewerId: ada.id, hasSignature: false, hasPasskey: false, opened: [] });
  expect([...read!.facts.names.entries()]).toEqual([...(await stores.users.namesOf(co.id, [ada.id, gone.id, foreign.id, 'system'])).entries()]);
  expect([...read!.facts.names.entries()]).toEqual([[ada.id, 'Ada Facts']]);
  // another company's id reads nothing; a viewer id that is no uuid has no signature and no passkey
  expect(await stores.certificates.withViewerFacts(other.id, s.id, ada.id)).toBeNull();
  expect((await stores.certificates.withViewerFacts(co.id, s.id, 'system'))?.facts).toMatchObject({ hasSignature: false, hasPasskey: false });
});
