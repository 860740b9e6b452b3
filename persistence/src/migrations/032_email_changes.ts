import type { Knex } from 'knex';

/**
 * A user's change of their own e-mail address waits for the new address to confirm it (issue 26
 * item 10): one row per request, the link's token stored only as its sha256, single use, expiring.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('email_change_requests', (t) => {
    t.string('token_hash', 64).primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('new_email', 320).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['user_id']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('email_change_requests');
}
