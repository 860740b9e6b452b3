import type { Knex } from 'knex';

/**
 * certificates.revoked_*: an issued certificate revoked by its company (the ledger holds the same
 * record). Kept beside the read model's state, which the workflow writes and never touches these.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_by', 64);
    t.string('revoked_by_name', 200);
    t.text('revocation_reason');
    t.string('revocation_tx_id', 128);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.dropColumns('revoked_at', 'revoked_by', 'revoked_by_name', 'revocation_reason', 'revocation_tx_id');
  });
}
