import type { Knex } from 'knex';

/**
 * How many public (no login) requests each address made in the current minute, shared by every API
 * process: the verify endpoints are throttled per address (issue 26 item 9).
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('public_request_counts', (t) => {
    t.string('address', 64).notNullable();
    t.string('bucket', 20).notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['address', 'bucket', 'window_start']);
    t.index(['window_start']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTable('public_request_counts');
}
