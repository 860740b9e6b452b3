import type { Knex } from 'knex';

/**
 * The user's review of a compliance document's extracted summary (docs/spec/farm-data-and-documents.md
 * §2, the parsed summary): the corrected summary the audit reads, which fields were corrected, by whom
 * and when. The extracted summary stays as it was made.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('compliance_documents', (t) => {
    t.jsonb('reviewed_summary');
    t.jsonb('corrected_fields');
    t.uuid('reviewed_by').references('users.id');
    t.timestamp('reviewed_at', { useTz: true });
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('compliance_documents', (t) => {
    t.dropColumn('reviewed_at');
    t.dropColumn('reviewed_by');
    t.dropColumn('corrected_fields');
    t.dropColumn('reviewed_summary');
  });
}
