import type { Knex } from 'knex';

/**
 * - certificates.pdf_sha256: the sha256 of the issued PDF, recorded when the PDF is stored, so the
 *   public "check an uploaded PDF" compares against what was issued rather than re-reading storage.
 * - certificate_reminders: one row per reminder mail the workflow actually sent (before and after the
 *   due time), so the overdue dashboard counts real mails, not what the schedule should have sent.
 *   Kept apart from certificate_events, whose seq numbers mirror the workflow's audit trail.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.string('pdf_sha256', 64);
    t.index(['pdf_sha256'], 'certificates_pdf_sha256'); // the public check of an uploaded PDF looks it up
  });
  await k.schema.createTable('certificate_reminders', (t) => {
    /** The mail's idempotency key (workflow timer key + recipient): a retried activity records once. */
    t.string('key', 300).primary();
    t.string('certificate_id', 64).notNullable();
    t.integer('level').notNullable();
    t.string('recipient_id', 64).notNullable();
    t.boolean('overdue').notNullable().defaultTo(false);
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['certificate_id', 'level', 'sent_at'], 'certificate_reminders_level');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('certificate_reminders');
  await k.schema.alterTable('certificates', (t) => {
    t.dropIndex(['pdf_sha256'], 'certificates_pdf_sha256');
    t.dropColumn('pdf_sha256');
  });
}
