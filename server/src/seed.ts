import { issuerRegistration, PERMISSIONS, type Permission } from '@grain/domain';
import { hashPassword, type Stores } from '@grain/persistence';

export interface DemoLogin {
  email: string;
  password: string;
  role: string;
  /** Signers get a digital signature at seeding, unlocked by this password. */
  signaturePassword?: string;
}

const GROUPS: Record<string, Permission[]> = {
  admin: [...PERMISSIONS],
  manager: [
    'manageApproval',
    'viewSystem',
    'editApproval',
    'deleteApproval',
    'viewApproval',
    'editDocument',
    'viewDocument',
    'editInfo',
    'viewInfo',
    'signApproval',
    'signDocument',
    // corrective actions: the manager makes and assigns them, judges fixes, and may own one
    'createCorrectiveAction',
    'ownCorrectiveAction',
    'verifyCorrectiveAction',
    'viewCorrectiveAction',
  ],
  // the people who assemble certificates: create them (from templates), update and resubmit what is sent back
  staff: ['editApproval', 'viewApproval', 'editDocument', 'viewDocument', 'editInfo', 'viewInfo', 'ownCorrectiveAction', 'viewCorrectiveAction'],
  signer: ['viewApproval', 'viewDocument', 'editInfo', 'viewInfo', 'signApproval', 'signDocument', 'verifyCorrectiveAction', 'viewCorrectiveAction'],
};

const PEOPLE: Array<{ key: string; role: string; firstname: string; lastname: string; password: string; signaturePassword?: string }> = [
  { key: 'admin', role: 'admin', firstname: 'Olivia', lastname: 'Bennett', password: 'Admin#2025' },
  { key: 'manager', role: 'manager', firstname: 'Jack', lastname: 'Murray', password: 'Manager#2025' },
  { key: 'staff', role: 'staff', firstname: 'Chloe', lastname: 'Nguyen', password: 'Staff#2025' },
  { key: 'signer1', role: 'signer', firstname: 'Liam', lastname: 'Walsh', password: 'Signer1#2025', signaturePassword: 'Sign1#2025' },
  { key: 'signer2', role: 'signer', firstname: 'Mia', lastname: 'Tran', password: 'Signer2#2025', signaturePassword: 'Sign2#2025' },
  { key: 'signer3', role: 'signer', firstname: 'Noah', lastname: 'Kelly', password: 'Signer3#2025', signaturePassword: 'Sign3#2025' },
];
const DEMO_EMAIL_DOMAIN = 'riverina-grain.example';

/**
 * Demo data for an empty database: Riverina Grain Co with its address, bank account, groups admin /
 * manager / staff / signer, and users admin, manager, staff, signer1..3 (signers with a digital
 * signature). Returns the logins to print, or null when the database already has users. (An array, as
 * server.ts reads it, rather than `{ logins }`.)
 */
export async function seedDemoData(stores: Stores, opts: { caKeySecret?: string } = {}): Promise<DemoLogin[] | null> {
  if ((await stores.users.countAll()) > 0) return null;
  const logins: DemoLogin[] = [];
  const created: Array<{ id: string; email: string; firstname: string; lastname: string; signaturePassword?: string }> = [];
  const company = await stores.transaction(async (tx) => {
    const { companies, groups, users } = tx;
    const c = await companies.create({
      name: 'Riverina Grain Co',
      // the ATO's published example ABN (its checksum holds); the demo company is verified below
      tfn: '51824753556',
      addressId: null,
      phone: '+61269001234',
      email: `office@${DEMO_EMAIL_DOMAIN}`,
      website: 'https://riverina-grain.example',
      taxOfficeLevel1: 'Wagga Wagga Tax Office',
      taxOfficeLevel2: 'NSW Regional Tax Office',
      adminId: null,
      representativeId: null,
    });
    const address = await companies.createAddress(
      { companyId: c.id, userId: '00000000-0000-0000-0000-000000000000' },
      { street: '12 Silo Road', suburb: 'Junee', city: '', state: 'NSW', postcode: '2663', province: null, country: 'Australia' },
    );
    await companies.replaceBankAccounts(c.id, [
      { account: '062000123456789', bankName: 'Commonwealth Bank', branch: 'Wagga Wagga', name: 'Riverina Grain Co' },
    ]);
    for (const [groupName, roles] of Object.entries(GROUPS)) await groups.create(c.id, { groupName, status: 'active', roles });
    for (const p of PEOPLE) {
      const email = `${p.key}@${DEMO_EMAIL_DOMAIN}`;
      const u = await users.create({
        email,
        passwordHash: await hashPassword(p.password),
        firstname: p.firstname,
        lastname: p.lastname,
        phone: '+61400000' + String(100 + created.length),
        role: p.role,
        status: 'active',
        companyId: c.id,
      });
      created.push({ id: u.id, email, firstname: p.firstname, lastname: p.lastname, signaturePassword: p.signaturePassword });
      logins.push({ email, password: p.password, role: p.role, ...(p.signaturePassword ? { signaturePassword: p.signaturePassword } : {}) });
    }
    await companies.update(c.id, { addressId: address.id, adminId: created[0].id, representativeId: created[1].id });
    // The demo company issues at once: its identity stands verified, as the platform's operator would record it.
    await companies.recordIdentity(c.id, {
      action: 'verified',
      name: c.name,
      registration: issuerRegistration(c.tfn)!.value,
      by: 'demo seed',
      note: 'the demo company, verified when the demo data was seeded',
    });
    return c;
  });
  const today = new Date().toISOString().slice(0, 10);
  for (const u of created) {
    if (u.signaturePassword) await stores.signatures.issue({ user: u, company }, u.signaturePassword, today, opts.caKeySecret);
  }
  return logins;
}
