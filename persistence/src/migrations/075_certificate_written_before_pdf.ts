import type { Knex } from 'knex';

/**
 * A completing batch writes the read model at once (the certificate shows done, its PDF follows); the
 * PDF step makes the PDF of that written state. The state a completing batch used to keep beside the
 * row for its PDF step (certificates.issuing_state, 050) has no reader left.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.dropColumn('issuing_state');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.jsonb('issuing_state');
  });
}
