import { createStores } from '../stores';
import { randomUUID } from 'node:crypto';
import { createTestDb } from '../testing';
import type { Db } from '../db';
import type { TemplateStore } from './template-store';

describe('KnexTemplateStore', () => {
  let db: Db;
  let store: TemplateStore;
  const companyA = randomUUID();
  const companyB = randomUUID();
  const by = { id: randomUUID(), name: 'Ann Admin' };
  const levels = [
    { group: 'Farm Data Signing', signers: [{ id: randomUUID(), name: 'Sam', email: 's@x.io', role: 'staff' }], signatures: 1, dueInDays: 3 },
    { group: 'Inspection Signing', signers: [], signatures: 2, dueInDays: 7 },
  ];

  beforeAll(async () => {
    db = await createTestDb();
    store = createStores(db.knex).templates;
  });
  afterAll(() => db.close());

  it('saves, lists and loads a template within its company only', async () => {
    const t = await store.save(companyA, by, { approvalName: 'Wheat export', priority: 'High', levels });
    expect(t.levels).toEqual(levels);
    expect(t.createdBy).toEqual(by);
    expect((await store.list(companyA)).map((x) => x.id)).toEqual([t.id]);
    expect(await store.list(companyB)).toEqual([]);
    expect(await store.get(companyB, t.id)).toBeNull();
    expect((await store.get(companyA, t.id))?.priority).toBe('High');
  });

  it('saving under an existing name replaces the layout instead of duplicating it', async () => {
    const again = await store.save(companyA, by, { approvalName: 'WHEAT export', levels: levels.slice(0, 1) });
    const all = await store.list(companyA);
    expect(all).toHaveLength(1);
    expect(all[0].id).toBe(again.id);
    expect(all[0].levels).toHaveLength(1);
  });

  it('removes only within the company', async () => {
    const [t] = await store.list(companyA);
    expect(await store.remove(companyB, t.id)).toBe(false);
    expect(await store.remove(companyA, t.id)).toBe(true);
    expect(await store.get(companyA, 'not-a-uuid')).toBeNull();
  });
});
