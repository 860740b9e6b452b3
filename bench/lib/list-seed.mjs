// Seeding the certificate read model for the list benchmark: one company with real accounts (so the
// API's sign-in, session and permission checks run as in production) and N certificate rows written
// by one bulk INSERT ... SELECT from generate_series. The rows' `state` comes from the domain's own
// certificate machine (draft, submit, signatures), so the list code reads the shapes it reads in use.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createCertificate, transition } = require('@grain/domain');
const { createStores, hashPassword } = require('@grain/persistence');
const { createTestCompany } = require('@grain/persistence/testing');

const PASSWORD = 'Grain#2025pass';
/** The manager's group may view certificates (the list's permission) as a company's managers do. */
const MANAGER_PERMISSIONS = ['viewSystem', 'viewInfo', 'viewApproval', 'editApproval'];

/** The company and its manager (signing in with PASSWORD), straight in the database. */
async function seedCompany(knex, name) {
  const stores = createStores(knex);
  const company = await createTestCompany(stores, name);
  await stores.groups.create(company.id, { groupName: 'manager', status: 'active', roles: MANAGER_PERMISSIONS });
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const manager = await stores.users.create({
    email: `manager@${slug}.test`,
    passwordHash: await hashPassword(PASSWORD),
    firstname: 'Manager',
    lastname: 'List Bench',
    role: 'manager',
    companyId: company.id,
  });
  return { companyId: company.id, manager };
}

const SIGNERS = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3'];
const CHAIN = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'];

/** The machine's states of one 3-level, 2-of-3 certificate: draft, then after 0..6 signatures. */
function templates(companyId, submitter) {
  const at = new Date('2026-06-01T08:00:00Z').toISOString();
  const signer = (s) => ({ id: `list-signer-${s}`, name: `Signer ${s.toUpperCase()}`, email: `${s}@list.bench`, role: 'Inspector' });
  const level = (group, p, n) => ({
    group,
    signers: [1, 2, 3].map((i) => signer(`${p}${i}`)),
    signatures: 2,
    deadline: new Date(Date.parse(at) + (7 + n) * 86_400_000).toISOString(),
  });
  const draft = {
    id: 'TEMPLATE',
    approvalNumber: 'TEMPLATE',
    approvalName: 'TEMPLATE',
    companyId,
    submitter,
    approvalDoc: {
      id: '00000000-0000-4000-8000-00000000f001',
      name: 'Farm record 1',
      docType: 'certificate',
      farm: { storageLocation: 'Geelong silo 4', protein: 11.2, membershipNumber: 'Member ID 77' },
    },
    levels: [level('Farm Data Signing', 'a', 0), level('Transportation Signing', 'b', 1), level('Inspection Signing', 'c', 2)],
  };
  let s = createCertificate(draft);
  const out = [s];
  s = transition(s, { type: 'submit', actor: { id: submitter.id, name: submitter.name }, at }).state;
  out.push(s);
  for (const who of CHAIN) {
    s = transition(s, { type: 'sign', actor: { id: `list-signer-${who}`, name: `Signer ${who}` }, at }).state;
    out.push(s);
  }
  return out; // 8 states: created, 0..6 signatures (the last is done)
}

// Row i takes template pickTemplate(i): half done, a tenth drafts, the rest spread over the signing steps.
const PICK = [7, 7, 7, 7, 7, 0, 1, 2, 3, 4, 5, 6, 7, 2, 4, 6, 1, 3, 5, 0];

/**
 * Creates the company (a manager signing in with PASSWORD) and `n` certificates,
 * newest first by updated_at (one every 5 minutes back from now); 2 % of the unfinished ones overdue.
 * @returns { companyId, login: { email, password }, seconds }
 */
export async function seedListCompany(knex, n) {
  const t0 = Date.now();
  const company = await seedCompany(knex, `List Bench ${Date.now().toString(36)}`);
  const manager = company.manager;
  const submitter = { id: manager.id, name: 'Manager List Bench', email: manager.email };
  const states = templates(company.companyId, submitter);
  const pick = PICK.map((t) => states[t]);
  await knex.raw(
    `insert into certificates (id, company_id, approval_number, approval_name, priority, status, stage, submitter_id, submitter_name,
       deadline, overdue, version, content_hash, state, created_at, updated_at, completed_at)
     select 'lb-' || g, ?, 'LB-' || lpad(g::text, 6, '0'), 'Barley lot ' || g, t->>'priority',
       t->>'status', (t->>'stage')::int, ?, ?, (t->>'deadline')::timestamptz,
       od, (t->>'version')::int, t->>'contentHash',
       t || jsonb_build_object('id', 'lb-' || g, 'approvalNumber', 'LB-' || lpad(g::text, 6, '0'), 'approvalName', 'Barley lot ' || g, 'overdue', od),
       ts, ts, case when t->>'status' = 'done' then ts end
     from generate_series(1, ?) g
     cross join lateral (select (?::jsonb) -> (g % ${pick.length}) as t, now() - g * interval '5 minutes' as ts) x
     cross join lateral (select (t->>'status' not in ('done', 'created') and g % 50 = 0) as od) y`,
    [company.companyId, submitter.id, submitter.name, n, JSON.stringify(pick)],
  );
  // The level rows as levelRows() writes them, straight from each row's state.
  await knex.raw(
    `insert into certificate_levels (certificate_id, level, level_id, group_name, status, signatures, signed_count, deadline, overdue, signer_ids, signed_ids, signers, signed, comments)
     select c.id, (l->>'level')::int, c.id || '-L' || (l->>'level'), l->>'group', l->>'status', (l->>'signatures')::int,
       jsonb_array_length(l->'signed'), (l->>'deadline')::timestamptz, c.overdue and (l->>'level')::int = c.stage,
       array(select jsonb_array_elements(l->'signers')->>'id'), array(select jsonb_array_elements(l->'signed')->>'userId'),
       l->'signers', l->'signed', l->'comments'
     from certificates c cross join lateral jsonb_array_elements(c.state->'levels') l
     where c.company_id = ?`,
    [company.companyId],
  );
  // The stored list cards, as the store's own writes keep them (migration 009), built from these rows.
  await createStores(knex).certificates.refreshListCards(company.companyId);
  await knex.raw('vacuum analyze certificates'); // the card update left a dead version of every row
  await knex.raw('analyze certificate_levels');
  return { companyId: company.companyId, login: { email: manager.email, password: PASSWORD }, seconds: (Date.now() - t0) / 1000, signers: SIGNERS };
}
