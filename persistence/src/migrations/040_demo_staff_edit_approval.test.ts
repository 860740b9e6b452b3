import { createStores } from '../stores';
import { createTestDb } from '../testing';
import { up } from './040_demo_staff_edit_approval';

it("gives the demo company's staff group editApproval, and no other company's group", async () => {
  const db = await createTestDb();
  try {
    const { companies, groups } = createStores(db.knex);
    const company = (email: string) =>
      companies.create({
        name: email,
        tfn: '5123456789012',
        addressId: null,
        phone: '+61269001234',
        email,
        website: null,
        taxOfficeLevel1: null,
        taxOfficeLevel2: null,
        adminId: null,
        representativeId: null,
      } as Parameters<typeof companies.create>[0]);
    const demo = await company('office@riverina-grain.example');
    const other = await company('office@other-grain.example');
    const before = ['viewApproval', 'editDocument', 'viewDocument', 'editInfo', 'viewInfo'] as const;
    await groups.create(demo.id, { groupName: 'staff', status: 'active', roles: [...before] });
    await groups.create(other.id, { groupName: 'staff', status: 'active', roles: [...before] });
    await up(db.knex);
    await up(db.knex); // twice: still one editApproval
    const roles = async (companyId: string) => (await db.knex('groups').where({ company_id: companyId, group_name: 'staff' }).first()).roles as string[];
    expect(await roles(demo.id)).toEqual([...before, 'editApproval']);
    expect(await roles(other.id)).toEqual([...before]);
  } finally {
    await db.close();
  }
});
