import type { Knex } from 'knex';

/** Platform tables: the dev mailbox, the embedded ledger, activity idempotency keys. */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('mail_messages', (t) => {
    t.bigIncrements('id');
    t.string('message_id', 300);
    t.text('from_addr');
    t.specificType('to_addrs', 'text[]').notNullable();
    t.text('subject');
    t.text('text_body');
    t.text('html_body');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['received_at']);
  });
  await k.schema.createTable('ledger_blocks', (t) => {
    t.integer('block_number').primary();
    t.string('previous_hash', 64).notNullable();
    t.string('data_hash', 64).notNullable();
    t.string('block_hash', 64).notNullable();
    t.string('tx_id', 64).notNullable().unique();
    t.string('channel', 100).notNullable();
    t.string('record_type', 50).notNullable();
    t.string('idempotency_key', 300).notNullable().unique();
    t.jsonb('payload').notNullable();
    t.string('header_type', 50).notNullable();
    t.integer('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await k.schema.createTable('activity_results', (t) => {
    t.string('idempotency_key', 300).primary();
    t.jsonb('result');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('activity_results');
  await k.schema.dropTableIfExists('ledger_blocks');
  await k.schema.dropTableIfExists('mail_messages');
}
