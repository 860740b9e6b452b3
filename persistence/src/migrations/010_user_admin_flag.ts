import type { Knex } from 'knex';

/**
 * users.is_admin: admin power becomes a flag of the user instead of the text of `role`, which a group
 * rename used to rewrite (a group renamed to "admin" made its members admins; renaming a group called
 * "admin" demoted the real ones). Everyone who is admin today stays admin.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('users', (t) => {
    t.boolean('is_admin').notNullable().defaultTo(false);
  });
  await k('users').where({ role: 'admin' }).update({ is_admin: true });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('users', (t) => {
    t.dropColumn('is_admin');
  });
}
