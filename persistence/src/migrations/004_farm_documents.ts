import type { Knex } from 'knex';

/**
 * Farm data (harvesting records, each recorded on the ledger), the grain image verification of a
 * record, and company documents (uploads stored under generated keys). Every row belongs to a company
 * and every query filters by it.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('farm_data', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('number', 40).notNullable();
    t.string('stage', 20).notNullable().defaultTo('Harvest');
    t.string('grain_type', 20).notNullable();
    t.string('harvest_grade', 10).notNullable();
    t.string('storage_location', 500).notNullable();
    t.bigInteger('quantity').notNullable();
    t.double('protein').notNullable();
    t.double('moisture').notNullable();
    // yyyy-mm-dd text: a calendar date with no time zone to shift it.
    t.string('production_date', 10).notNullable();
    t.string('data_type', 20).notNullable();
    t.string('item', 100);
    t.uuid('upload_user').notNullable().references('users.id');
    t.uuid('streaming_user').references('users.id');
    t.string('image_validation', 10).notNullable().defaultTo('NA');
    t.text('image_url');
    t.string('tx_id', 64);
    t.integer('block_number');
    t.uuid('upload_batch');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('modified_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.unique(['company_id', 'number']);
    t.index(['company_id', 'created_at']);
    t.index(['company_id', 'grain_type']);
  });
  await k.schema.createTable('farm_image_verifications', (t) => {
    t.uuid('farm_data_id').primary().references('farm_data.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('status', 10).notNullable();
    t.string('reason', 40);
    t.string('sha256', 64);
    t.string('mime', 40);
    t.integer('width');
    t.integer('height');
    t.string('storage_key', 200);
    t.uuid('checked_by').references('users.id');
    t.timestamp('checked_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['sha256']);
  });
  await k.schema.createTable('documents', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('doc_name', 300).notNullable();
    t.string('doc_type', 40).notNullable();
    t.text('description');
    t.string('original_name', 255).notNullable();
    t.string('ext', 8).notNullable();
    t.string('mime', 100).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('storage_key', 200).notNullable();
    t.uuid('upload_user').notNullable().references('users.id');
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['company_id', 'updated_at']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('documents');
  await k.schema.dropTableIfExists('farm_image_verifications');
  await k.schema.dropTableIfExists('farm_data');
}
