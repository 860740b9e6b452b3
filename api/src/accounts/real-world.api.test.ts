import { addressLine, formatTaxNumber, message, type MessageCode } from '@grain/domain';
import { ADDRESSES, BANK_NAMES, COMPANY_NAMES, GROUP_NAMES, PERSON_NAMES, PHONES, TAX_NUMBERS } from '../../../domain/src/testing/real-world';
import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, type Agent } from '../testing/session';

/**
 * Real companies, real people (issue 27) through the API: the names, company, group and bank names,
 * addresses, phones and tax numbers of Australian and Vietnamese businesses, accepted as they are
 * written and stored as the rules say, or refused with their message code in en and vn.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A browser of its own address each time: registrations are limited per address. */
const visitor = (lang: 'en' | 'vn' = 'en') => {
  n++;
  return browserAgent(t.app)
    .set('X-Forwarded-For', `10.77.${Math.floor(n / 250)}.${n % 250}`)
    .set('x-lang', lang);
};
const registration = (extra: Record<string, unknown>) => ({
  email: `person${++n}@realworld.test`,
  password: 'Harvest#2025',
  confirmPassword: 'Harvest#2025',
  firstname: 'Pat',
  lastname: 'Lee',
  role: 'admin',
  ...extra,
});
/** The answer refused `code` (with its en text, and the vn text when asked in vn). */
function expectRefused(
  res: { status: number; body: { code: string; invalidMsg: string; fields?: Array<{ path: string; code: string }> } },
  code: MessageCode,
  lang: 'en' | 'vn' = 'en',
) {
  expect({ status: res.status, code: res.body.code, invalidMsg: res.body.invalidMsg }).toEqual({ status: 400, code, invalidMsg: message(code, lang) });
}

/** A founder with a company in `country`, signed in. */
async function founder(country: 'Australia' | 'Vietnam'): Promise<{ agent: Agent; companyId: string }> {
  const agent = visitor();
  expect((await agent.post('/api/auth/register').send(registration({}))).status).toBe(201);
  const address =
    country === 'Australia'
      ? { street: '12 Silo Road', suburb: 'Junee', state: 'NSW', postcode: '2663', country }
      : { street: '12 Đường 30/4', suburb: 'Ninh Kiều', province: 'Cần Thơ', country };
  const a = await agent.post('/api/company/address/create').send(address);
  expect(a.status).toBe(201);
  const c = await agent.post('/api/company/profile/create').send({ name: `${country} Grain ${n}`, address: a.body.address._id });
  expect(c.status).toBe(201);
  return { agent, companyId: c.body.company._id };
}

describe('people’s names', () => {
  it.each(PERSON_NAMES.map((e) => [e.value, e.refused]))('registration of %j: %s', async (value, refused) => {
    const lang = refused ? 'vn' : 'en';
    const res = await visitor(lang)
      .post('/api/auth/register')
      .send(registration({ firstname: value, lastname: value }));
    if (refused) expectRefused(res, refused, lang);
    else expect([res.status, res.body.user?.firstname, res.body.user?.lastname]).toEqual([201, value, value]);
  });

  it('user creation takes the same names and refuses the same', async () => {
    const { agent } = await founder('Australia');
    for (const e of PERSON_NAMES) {
      const res = await agent.post('/api/company/user/create').send({ ...registration({ firstname: 'Pat', lastname: e.value }), role: 'admin' });
      if (e.refused) expectRefused(res, e.refused);
      else expect([e.value, res.status, res.body.user?.lastname]).toEqual([e.value, 201, e.value]);
    }
  });
});

describe('company, group and bank names', () => {
  it('a company is called what its registry calls it', async () => {
    const { agent, companyId } = await founder('Australia');
    for (const e of COMPANY_NAMES) {
      const res = await agent.post(`/api/company/profile/${companyId}/update`).send({ name: e.value });
      if (e.refused) expectRefused(res, e.refused);
      else expect([e.value, res.status, res.body.company?.name]).toEqual([e.value, 200, e.value]);
    }
  });

  it('so are groups and banks', async () => {
    const { agent, companyId } = await founder('Vietnam');
    for (const e of GROUP_NAMES) {
      const res = await agent.post('/api/company/group/create').send({ groupName: e.value, roles: ['viewInfo'] });
      if (e.refused) expectRefused(res, e.refused);
      else expect([e.value, res.status, res.body.group?.groupName]).toEqual([e.value, 201, e.value]);
    }
    for (const e of BANK_NAMES) {
      const res = await agent
        .post(`/api/company/profile/${companyId}/update`)
        .send({ name: 'Mekong Rice', bankAccount: { account: '123456789012', bankName: e.value, branch: 'Chi nhánh Cần Thơ, Ninh Kiều' } });
      if (e.refused) expectRefused(res, e.refused);
      else expect([e.value, res.status, res.body.company?.bankAccounts?.[0]?.bankName]).toEqual([e.value, 200, e.value]);
    }
  });
});

describe('addresses', () => {
  it.each(ADDRESSES.map((e) => [e.line ?? `${e.refused!.field} ${e.refused!.code}`, e]))('%s', async (_title, e) => {
    const { agent } = await founder('Australia');
    const res = await agent.post('/api/company/address/create').send(e.address);
    if (e.refused) {
      expectRefused(res, e.refused.code);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ path: e.refused.field, code: e.refused.code }));
    } else {
      expect(res.status).toBe(201);
      const [stored] = (await agent.get('/api/company/addresses').then((r) => r.body.address_list)).filter(
        (a: { _id: string }) => a._id === res.body.address._id,
      );
      expect(addressLine(stored)).toBe(e.line);
    }
  });
});

describe('phones', () => {
  it.each(PHONES.map((p) => [p.typed, p.country, p.e164]))('%j typed at a company in %s is stored as %s', async (typed, country, e164) => {
    const { agent, companyId } = await founder(country === 'AU' ? 'Australia' : 'Vietnam');
    const res = await agent.post(`/api/company/profile/${companyId}/update`).set('x-lang', 'vn').send({ name: 'Grain Co', phone: typed });
    if (!e164) expectRefused(res, 'INVALID_PHONE', 'vn');
    else expect([res.status, res.body.company.phone]).toEqual([200, e164]);
    // and a user of that company, added by the admin
    const user = await agent
      .post('/api/company/user/create')
      .set('x-lang', 'vn')
      .send({ ...registration({ phone: typed }), role: 'admin' });
    if (!e164) expectRefused(user, 'INVALID_PHONE', 'vn');
    else expect([user.status, user.body.user.phone]).toEqual([201, e164]);
  });

  it('reads a number a person registers with in the country of the language they register in', async () => {
    const au = await visitor('en')
      .post('/api/auth/register')
      .send(registration({ phone: '(03) 5495 1234' }));
    const vn = await visitor('vn')
      .post('/api/auth/register')
      .send(registration({ phone: '(03) 5495 1234' }));
    expect([au.body.user.phone, vn.body.user.phone]).toEqual(['+61354951234', '+84354951234']);
  });

  it("reads a company's number in the country of the address the same form names", async () => {
    const agent = visitor();
    await agent.post('/api/auth/register').send(registration({}));
    const a = await agent
      .post('/api/company/address/create')
      .send({ street: 'Số 5, Lê Lợi', suburb: 'Bến Nghé', province: 'TP. Hồ Chí Minh', country: 'Vietnam' });
    const c = await agent.post('/api/company/profile/create').send({ name: 'Sài Gòn Grain', address: a.body.address._id, phone: '028 3822 1234' });
    expect([c.status, c.body.company.phone]).toEqual([201, '+842838221234']);
  });
});

describe('tax numbers', () => {
  it('an ABN or a Vietnamese tax code is stored compact and read back grouped as people write it', async () => {
    const { agent, companyId } = await founder('Australia');
    for (const e of TAX_NUMBERS) {
      const res = await agent.post(`/api/company/profile/${companyId}/update`).send({ name: 'Grain Co', tfn: e.value });
      if (e.refused) expectRefused(res, e.refused);
      else expect([e.value, res.status, formatTaxNumber(res.body.company.tfn)]).toEqual([e.value, 200, e.shown]);
    }
  });
});
