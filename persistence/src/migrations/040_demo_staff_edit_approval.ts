import type { Knex } from 'knex';

/**
 * The demo company's staff group (server/src/seed.ts) assembles certificates: it gets editApproval,
 * which a demo database seeded before lacked (staff were refused "create", resubmit and templates).
 * Only the demo company's group named staff is touched (found by the demo company's office address);
 * no other company's groups change.
 */
const DEMO_OFFICE = 'office@riverina-grain.example';

export async function up(k: Knex): Promise<void> {
  await k.raw(
    `update groups g set roles = array_append(g.roles, 'editApproval')
      from companies c
     where g.company_id = c.id and c.email = ? and g.group_name = 'staff' and not ('editApproval' = any(g.roles))`,
    [DEMO_OFFICE],
  );
}

export async function down(): Promise<void> {
  // a permission given is left in place: taking it back could lock staff out of work under way
}
