import type { Knex } from 'knex';

/**
 * Corrective actions (issue 32): the read model of each action's workflow (its whole state as JSON,
 * with the columns lists filter and count on), the files of evidence bound to a fix by their SHA-256
 * (immutable once the fix is submitted), and what an issued certificate states about open critical
 * actions, frozen when it is issued.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('corrective_actions', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('compliance_id').notNullable().references('compliances.id').onDelete('CASCADE');
    t.integer('check_index').notNullable();
    t.text('check_item').notNullable();
    t.text('farm_key').notNullable();
    t.text('farm_name').notNullable();
    t.string('severity', 16).notNullable();
    t.string('status', 24).notNullable();
    t.uuid('owner_id').notNullable().references('users.id');
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.boolean('overdue').notNullable().defaultTo(false);
    t.boolean('escalated').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.integer('version').notNullable();
    t.jsonb('state').notNullable();
    // one action per finding
    t.unique(['compliance_id', 'check_index']);
    t.index(['company_id', 'status']);
    t.index(['company_id', 'farm_key']);
    t.index(['company_id', 'owner_id']);
  });
  await k.schema.createTable('corrective_action_evidence', (t) => {
    t.uuid('id').primary();
    t.uuid('action_id').notNullable().references('corrective_actions.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.string('mime', 100).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.text('storage_key').notNullable();
    t.uuid('uploaded_by').notNullable().references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    /** The fix round it is evidence of; null while it waits for the owner's submit (then removable). */
    t.integer('submitted_round');
    t.timestamp('submitted_at', { useTz: true });
    t.index(['action_id']);
  });
  await k.schema.createTable('certificate_action_facts', (t) => {
    // typed as certificates.id is (a string: ids are uuids in the app, shorter in tests)
    t.string('certificate_id', 64).primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('open_critical').notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('certificate_action_facts');
  await k.schema.dropTableIfExists('corrective_action_evidence');
  await k.schema.dropTableIfExists('corrective_actions');
}
