import type { Knex } from 'knex';

/**
 * The certificate read model (written by the workflow's activities, read by the API's lists), the
 * one-time codes of signers, and the audit trail. No foreign keys to accounts: the read model is fed
 * from workflow state and must accept writes whatever the order of migrations of other features.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('certificates', (t) => {
    t.string('id', 64).primary();
    t.string('company_id', 64).notNullable();
    t.string('approval_number', 100).notNullable();
    t.string('approval_name', 300).notNullable();
    t.string('priority', 10).notNullable();
    t.string('status', 20).notNullable();
    t.integer('stage').notNullable().defaultTo(0);
    t.string('submitter_id', 64).notNullable();
    t.string('submitter_name', 200).notNullable();
    t.timestamp('deadline', { useTz: true });
    t.boolean('overdue').notNullable().defaultTo(false);
    t.integer('version').notNullable().defaultTo(0);
    t.string('content_hash', 64);
    t.string('pdf_key', 200);
    t.string('chain_id', 100);
    /** The whole CertificateState as the workflow last reported it (or the draft). */
    t.jsonb('state').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.unique(['company_id', 'approval_number']);
    // keyset pagination: newest first, optionally per status / overdue
    t.index(['company_id', 'updated_at', 'id'], 'certificates_company_updated');
    t.index(['company_id', 'status', 'updated_at', 'id'], 'certificates_company_status_updated');
    t.index(['company_id', 'overdue', 'updated_at', 'id'], 'certificates_company_overdue_updated');
  });
  await k.schema.createTable('certificate_levels', (t) => {
    t.string('certificate_id', 64).notNullable().references('certificates.id').onDelete('CASCADE');
    t.integer('level').notNullable();
    t.string('level_id', 100).notNullable();
    t.string('group_name', 200).notNullable();
    t.string('status', 20).notNullable();
    t.integer('signatures').notNullable();
    t.integer('signed_count').notNullable().defaultTo(0);
    t.timestamp('deadline', { useTz: true });
    t.boolean('overdue').notNullable().defaultTo(false);
    t.specificType('signer_ids', 'text[]').notNullable();
    t.specificType('signed_ids', 'text[]').notNullable();
    t.jsonb('signers').notNullable();
    t.jsonb('signed').notNullable();
    t.jsonb('comments').notNullable();
    t.primary(['certificate_id', 'level']);
  });
  await k.raw('create index certificate_levels_signers on certificate_levels using gin (signer_ids)');
  await k.schema.createTable('certificate_otps', (t) => {
    t.string('id', 36).primary();
    t.string('certificate_id', 64).notNullable();
    t.integer('level').notNullable();
    t.string('user_id', 64).notNullable();
    t.string('content_hash', 64).notNullable();
    t.string('salt', 32).notNullable();
    t.string('code_hash', 64).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    /** Set when a newer code is issued for the same certificate, level and user. */
    t.timestamp('superseded_at', { useTz: true });
    t.timestamp('verified_at', { useTz: true });
    t.timestamp('redeemed_at', { useTz: true });
    t.string('redeem_key', 300);
    t.index(['certificate_id', 'level', 'user_id', 'created_at'], 'certificate_otps_binding');
  });
  await k.schema.createTable('certificate_events', (t) => {
    t.string('certificate_id', 64).notNullable();
    /** Position in the certificate's audit trail; makes re-written entries idempotent. */
    t.integer('seq').notNullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.string('actor_id', 64).notNullable();
    t.string('action', 30).notNullable();
    t.integer('level');
    t.text('detail');
    t.primary(['certificate_id', 'seq']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('certificate_events');
  await k.schema.dropTableIfExists('certificate_otps');
  await k.schema.dropTableIfExists('certificate_levels');
  await k.schema.dropTableIfExists('certificates');
}
