import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { createStores, type Stores } from '../stores';
import { createTestCompany, createTestDb, statementsSentBy } from '../testing';

/**
 * The statements every certificate sends outside its batch commit (commit-batch.test covers that one):
 * the API's reads of the certificate around each sign, the PDF step's read of the state and its issuer,
 * its credential and status list and its once-only result, and the mail relay's claim, sent and release. Each is a named prepared statement (issue 29: Postgres
 * parsed and planned them on every call; the sign answer's read was the largest planning cost of a
 * certificate in pg_stat_statements), so the same fixed text whatever the values.
 */
let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

const statementsOf = (fn: () => Promise<unknown>) => statementsSentBy(db.knex, fn);

test('the per-certificate reads and the mail relay send named prepared statements, the same for any ids', async () => {
  const company = await createTestCompany(stores, 'Prepared Grain Co');
  const calls = (id: string, mailIds: number[]) => async () => {
    expect(await stores.certificates.get('company-1', id)).toBeNull();
    expect(await stores.certificates.withViewerFacts('company-1', id, randomUUID())).toBeNull();
    expect(await stores.certificates.issuingState(id)).toBeNull();
    await stores.certificates.recordPdfHash(id, 'ab'.repeat(32));
    await stores.certificates.freezeIssuer(id, { name: 'Issuer' });
    expect(await stores.certificates.frozenIssuer(id)).toBeNull();
    expect(await stores.mailOutbox.claim(5, 60_000)).toEqual([]);
    await stores.mailOutbox.sent(mailIds);
    await stores.mailOutbox.release(id);
    expect(await stores.credentials.ofCertificate(id)).toBeNull();
    await stores.credentials.saveJwt(id, 'jwt');
    expect(await stores.credentials.revokedIndexes(company.id, 'did:web:x')).toEqual([]);
    await stores.credentials.saveStatusList(company.id, 'list-1', 'did:web:x', `jwt-${id}`, new Date());
    expect(await stores.credentials.statusList(company.id, 'list-1')).toMatchObject({ jwt: `jwt-${id}` });
    expect(await stores.activityResults.once(`probe:${id}`, async () => ({ id }))).toEqual({ id });
    expect(await stores.activityResults.once(`probe:${id}`, async () => ({ id: 'again' }))).toEqual({ id });
  };
  const one = await statementsOf(calls(randomUUID(), [1]));
  const two = await statementsOf(calls(randomUUID(), [1, 2, 3]));
  expect(one.filter((q) => !q.name).map((q) => q.sql)).toEqual([]);
  expect(two.map((q) => q.name)).toEqual(one.map((q) => q.name));
  expect(new Set(one.map((q) => q.name)).size).toBe(16);
});
