import { todayIn, toDisplayDate } from '@grain/domain';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * A production date that cannot be true (issue 27 item 5): after today where the company is, or more
 * than 10 years back, refused by hand and in a CSV (read in its worker thread) with the same rule and
 * message, in en and vn; nothing of a refused file is saved.
 */
const HEADER = 'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate';
const csv = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\n') + '\n');
const record = (productionDate: string) => ({
  grainType: 'Wheat',
  harvestGrade: 'APW',
  storageLocation: 'Silo 3, Junee',
  quantity: '120',
  protein: '11.5',
  moisture: '11',
  productionDate,
});
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let co: SeededCompany;
let staff: Agent;
const saved = async () => Number((await t.db.knex('farm_data').where({ company_id: co.companyId }).count({ n: '*' }))[0].n);
beforeAll(async () => {
  t = await createTestApp();
  co = await seedCompanyWithUsers(t.db.knex, 'Junee Grain', ['admin', 'staff']);
  staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('a production date that cannot be true', () => {
  it('15/11/2099 by hand: 400 with its message, in en and vn, and nothing saved', async () => {
    const en = await staff.post('/api/farmdata/harvesting/create').send({ farmData: record('15/11/2099') });
    expect([en.status, en.body.code, en.body.invalidMsg]).toEqual([
      400,
      'PRODUCTION_DATE_IN_FUTURE',
      'The production date is after today; grain cannot be produced on a day still to come',
    ]);
    expect(en.body.fields).toEqual([expect.objectContaining({ path: 'productionDate', code: 'PRODUCTION_DATE_IN_FUTURE' })]);
    const vn = await staff
      .post('/api/farmdata/harvesting/create')
      .set('x-lang', 'vn')
      .send({ farmData: record('15/11/2099') });
    expect(vn.body.invalidMsg).toBe('Ngày sản xuất sau ngày hôm nay; không thể sản xuất ngũ cốc vào một ngày chưa đến');
    const old = await staff.post('/api/farmdata/harvesting/create').send({ farmData: record('01/01/1990') });
    expect([old.status, old.body.code]).toEqual([400, 'PRODUCTION_DATE_TOO_OLD']);
    expect(await saved()).toBe(0);
  });

  it('15/11/2099 in a CSV: the file is refused with the row and the same message, nothing saved', async () => {
    const res = await staff
      .post('/api/farmdata/harvesting/upload')
      .set('x-lang', 'vn')
      .attach(
        'file',
        csv('1,Wheat,APW,Silo 3,120,11.5,11,01/11/2026', '2,Barley,AH,Shed 2,80,10.2,10.5,15/11/2099', '3,Wheat,APW,Silo 3,60,11,11,01/01/1990'),
        'harvest.csv',
      );
    expect([res.status, res.body.code]).toEqual([400, 'PRODUCTION_DATE_IN_FUTURE']);
    expect(res.body.details.rows).toEqual([
      { row: 2, code: 'PRODUCTION_DATE_IN_FUTURE', message: 'Ngày sản xuất sau ngày hôm nay; không thể sản xuất ngũ cốc vào một ngày chưa đến' },
      { row: 3, code: 'PRODUCTION_DATE_TOO_OLD', message: 'Ngày sản xuất cách đây hơn 10 năm; vui lòng kiểm tra lại năm' },
    ]);
    expect(await saved()).toBe(0);
  });

  it("is judged on the company's calendar day: today there is taken, the day after is not, by hand and in a CSV", async () => {
    // no address: an English-speaking company is read as Australian, in Australia/Melbourne
    const today = todayIn('Australia/Melbourne');
    const ok = await staff.post('/api/farmdata/harvesting/create').send({ farmData: record(toDisplayDate(today)) });
    expect([ok.status, ok.body.farmData?.productionDate]).toEqual([201, today]);
    const next = await staff.post('/api/farmdata/harvesting/create').send({ farmData: record(toDisplayDate(dayAfter(today))) });
    expect(next.body.code).toBe('PRODUCTION_DATE_IN_FUTURE');
    const file = await staff.post('/api/farmdata/harvesting/upload').attach('file', csv(`1,Wheat,APW,Silo 3,120,11.5,11,${dayAfter(today)}`), 'tomorrow.csv');
    expect(file.body.code).toBe('PRODUCTION_DATE_IN_FUTURE');
  });
});
