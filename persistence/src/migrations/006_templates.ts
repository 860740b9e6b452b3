import type { Knex } from 'knex';

/**
 * Certificate templates (docs/spec/approvals.md §2 "Select a template" / "Save as a template", §3 Approval template):
 * a saved layout of levels (group name, signers, required signatures, due-in days) per company. The
 * old app only had stub rows; here they are real (docs/spec-deviations.md).
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('approval_templates', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable();
    t.string('approval_name', 200).notNullable();
    t.string('priority', 10);
    t.jsonb('levels').notNullable();
    t.uuid('created_by').notNullable();
    t.string('created_by_name', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['company_id', 'created_at']);
  });
  await k.raw('create unique index approval_templates_company_name on approval_templates (company_id, lower(approval_name))');
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('approval_templates');
}
