import type { Knex } from 'knex';

/**
 * certificates.issuer: who issued the certificate as it stood at issue — name, address, registration,
 * whether the operator had verified it, and the fingerprints of the seal and CA certificates that sealed
 * it (issue 26 item 10). The public page, the credential and the checks read these, never the live
 * company, which may change afterwards.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.jsonb('issuer');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.dropColumn('issuer');
  });
}
