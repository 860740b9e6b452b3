import type { Knex } from 'knex';

/**
 * Certificate mails leave through an outbox (issue 29): a batch's commit writes its mails as rows in its
 * own transaction, rendered, one row per message; the worker's relay sends them over SMTP and marks them
 * sent. A row `held` waits for its certificate's PDF (the completion notice goes out once the issued
 * certificate can be opened). And the state a completing batch leaves for the PDF step, kept beside the
 * read model until the PDF is recorded, so the PDF activity is asked with the certificate's id only.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id').primary();
    /** What made it (workflow id, version, effect): written once per key. */
    t.string('key', 400).notNullable().unique();
    t.string('certificate_id', 64);
    t.specificType('recipients', 'text[]').notNullable();
    t.text('subject').notNullable();
    t.text('text').notNullable();
    t.text('html');
    t.string('message_id', 200).notNullable();
    t.boolean('held').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    /** Not before this time (a retry's back-off) and not while another relay holds its lease. */
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('sent_at', { useTz: true });
  });
  // the relay's one question: what is due and not sent, oldest first
  await k.raw('create index mail_outbox_due on mail_outbox (due_at, id) where sent_at is null and not held');
  await k.raw('create index mail_outbox_held on mail_outbox (certificate_id) where held');
  await k.schema.alterTable('certificates', (t) => {
    t.jsonb('issuing_state');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.dropColumn('issuing_state');
  });
  await k.schema.dropTableIfExists('mail_outbox');
}
