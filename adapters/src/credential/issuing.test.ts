import { createCertificate, statusListKey, transition, type CertificateState, type Signer } from '@grain/domain';
import { createStores, type Db, type Stores } from '@grain/persistence';
import { createTestCompany, createTestDb } from '@grain/persistence/testing';
import { decodeProtectedHeader } from 'jose';
import { issueCredential, sealOptionsFor } from './issuing';
import { sealKeyId, vcJwtClaims } from './vc-jwt';

/**
 * A status list is signed again when a bit of it changes (a revocation), not for every credential issued
 * (issue 29: a list signed per certificate): a new credential's bit is 0 in the list as it stands. It is
 * signed when its issuer DID has none yet, and when the seal that signed it is no longer the company's.
 */
const publicUrl = 'https://grain.test';
const config = { publicUrl, statusListMaxAgeSeconds: 300 };
const signer = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const at = '2025-01-01T00:00:00.000Z';

function issued(id: string, companyId: string): CertificateState {
  let s = createCertificate({
    id,
    approvalNumber: `N-${id}`,
    approvalName: `Lot ${id}`,
    companyId,
    submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
    levels: [{ group: 'Farm', signers: [signer('a1')], signatures: 1, deadline: '2030-01-01T00:00:00.000Z' }],
  });
  s = transition(s, { type: 'submit', actor: { id: 'sub', name: 'Sam' }, at }).state;
  return transition(s, { type: 'sign', actor: { id: 'a1', name: 'a1' }, at }).state;
}

let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

it('signs the status list for the first credential of its issuer and for a new seal, not again for each credential', async () => {
  const company = await createTestCompany(stores, 'Lists Co');
  const seal = () => stores.signatures.companySeal(company, 'secret', sealOptionsFor(publicUrl, company.id, null));
  const deps = { stores, config };
  const kept = async (did: string) => (await stores.credentials.statusList(company.id, statusListKey(did)))!;
  const issueCredentialOf = async (id: string, sealed = seal()) => issueCredential(deps, issued(id, company.id), {}, await sealed, 'ab'.repeat(32));

  const first = await issueCredentialOf('first');
  const did = vcJwtClaims(first).iss!;
  const afterFirst = await kept(did);
  expect(afterFirst.jwt).toEqual(expect.any(String));

  // a second credential of the same issuer: its bit is 0 in the list as it stands, which is not signed again
  await issueCredentialOf('second');
  expect((await kept(did)).jwt).toBe(afterFirst.jwt);

  // the company's seal changes (revoked): the next credential's list is signed by the new seal
  await stores.signatures.revokeSeal(company.id, { reason: 'keyCompromise', by: null }, 'secret');
  const now = await seal();
  await issueCredentialOf('third', Promise.resolve(now));
  const afterNewSeal = await kept(did);
  expect(afterNewSeal.jwt).not.toBe(afterFirst.jwt);
  expect(decodeProtectedHeader(afterNewSeal.jwt).kid).toBe(sealKeyId(did, now.certificatePem));
});
