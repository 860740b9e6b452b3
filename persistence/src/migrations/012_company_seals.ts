import type { Knex } from 'knex';

/**
 * The company seal: a key and a certificate issued by the company CA, made on first use, that seals
 * every issued certificate PDF and signs its verifiable credential (kept beside the CA, encrypted the
 * same way).
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('company_cas', (t) => {
    t.text('seal_key_pem');
    t.text('seal_certificate_pem');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('company_cas', (t) => {
    t.dropColumn('seal_key_pem');
    t.dropColumn('seal_certificate_pem');
  });
}
