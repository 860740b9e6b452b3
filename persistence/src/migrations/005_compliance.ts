import type { Knex } from 'knex';

/**
 * Compliance audit (docs/spec/farm-data-and-documents.md §3) and the live channel.
 * - compliances: one submission (its id is the spec's application / compliance id and names its
 *   workflow), the four chosen documents, and the stored audit report.
 * - compliance_documents: each uploaded file with its extracted text and structured summary; a
 *   processed document can be chosen again in a later submission of the same company.
 * - live_events: the outbox of the live channel. Anyone (API, activities in another process) inserts a
 *   row; the API tails the table and pushes rows to the signed-in user's sockets; the id is the resume
 *   cursor of a reconnecting socket.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('compliances', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id');
    t.string('status', 12).notNullable().defaultTo('draft');
    t.uuid('establishment_doc_id');
    t.uuid('haccp_plan_doc_id');
    t.uuid('management_plan_doc_id');
    t.uuid('pest_control_doc_id');
    t.jsonb('report');
    t.string('report_error', 500);
    t.string('inspector', 200);
    t.timestamp('date_of_issue', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['company_id', 'updated_at']);
  });
  await k.schema.createTable('compliance_documents', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('compliance_id').notNullable().references('compliances.id').onDelete('CASCADE');
    t.string('document_type', 40).notNullable();
    t.string('file_name', 255).notNullable();
    t.string('storage_key', 100).notNullable();
    t.string('mime', 100);
    t.integer('size').notNullable();
    t.string('status', 12).notNullable().defaultTo('processing');
    t.string('error', 500);
    t.text('text_content');
    t.jsonb('document_summary');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('processed_at', { useTz: true });
    t.index(['company_id', 'document_type', 'created_at']);
    t.index(['compliance_id']);
  });
  await k.schema.createTable('live_events', (t) => {
    t.bigIncrements('id');
    t.uuid('company_id').notNullable();
    // null: every signed-in user of the company receives it.
    t.uuid('user_id');
    t.string('type', 60).notNullable();
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['created_at']);
    t.index(['user_id', 'id']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('live_events');
  await k.schema.dropTableIfExists('compliance_documents');
  await k.schema.dropTableIfExists('compliances');
}
