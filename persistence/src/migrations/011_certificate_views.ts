import type { Knex } from 'knex';

/**
 * certificate_views: the first time a signer opened a certificate while asked to sign one of its levels,
 * so the detail page can say who was asked, who has looked at it and who signed.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('certificate_views', (t) => {
    t.string('certificate_id', 64).notNullable();
    t.integer('level').notNullable();
    t.string('user_id', 64).notNullable();
    t.timestamp('viewed_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.primary(['certificate_id', 'level', 'user_id']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('certificate_views');
}
