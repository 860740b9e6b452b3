import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';

/**
 * An id in a path that is not a uuid names nothing: every route answers 404 NOT_FOUND, the same answer
 * as a uuid nobody has, whatever the route's feature (accounts, certificates, templates, documents).
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const co = await seedCompanyWithUsers(t.db.knex, 'Ids Co', ['admin']);
  admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const ROUTES: Array<['get' | 'post', string]> = [
  ['get', '/api/company/user/:id'],
  ['post', '/api/company/user/:id/update'],
  ['post', '/api/company/user/:id/delete'],
  ['post', '/api/company/user/:id/update_password'],
  ['get', '/api/company/group/:id'],
  ['post', '/api/company/group/:id/update'],
  ['post', '/api/company/address/:id/update'],
  ['get', '/api/company/signature/:id'],
  ['post', '/api/company/signature/:id/update'],
  ['get', '/api/company/approval/:id'],
  ['post', '/api/company/approval/:id/update'],
  ['post', '/api/company/approval/:id/delete'],
  ['get', '/api/company/approval/:id/credential'],
  ['post', '/api/company/approvallevel/:id/sign'],
  ['get', '/api/company/approvallevel/:id/sign'],
  ['get', '/api/company/template/:id'],
  ['get', '/api/company/document/:id'],
  ['get', '/api/farmdata/:id'],
];

describe.each(['not-a-uuid', "1' or '1'='1", '00000000-0000-0000-0000-00000000000g'])('a path id %j', (bad) => {
  it.each(ROUTES)('%s %s answers 404 NOT_FOUND', async (method, route) => {
    const res = await admin[method](route.replace(':id', encodeURIComponent(bad))).send({});
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

it('a well-formed id nobody has answers the same', async () => {
  const res = await admin.get('/api/company/user/00000000-0000-4000-8000-000000000000');
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
});
