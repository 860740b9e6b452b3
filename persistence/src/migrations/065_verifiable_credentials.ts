import type { Knex } from 'knex';

/**
 * Verifiable by anyone (issue 31): the credential of each issued certificate, signed at issue with the
 * seal that sealed its PDF and kept as signed (its index in the issuer's W3C Bitstring Status List beside
 * it); each company's status list credential as last signed; the seal certificates a company revoked
 * (the CA's CRL lists them); each CA's latest CRL (a retired CA's last one stays published); the
 * embedded time-stamping authority's key and certificate.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('certificate_credentials', (t) => {
    t.string('certificate_id', 64).primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('status_index').notNullable();
    t.text('issuer_did').notNullable();
    t.text('jwt');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.unique(['company_id', 'status_index']);
  });
  // one list per issuer DID of a company (its own domain's, the platform's): a list and the credentials it
  // speaks for are issued by the same DID
  await k.schema.createTable('company_status_lists', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('list_key', 32).notNullable();
    t.text('issuer_did').notNullable();
    t.text('jwt').notNullable();
    t.timestamp('made_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'list_key']);
  });
  await k.schema.createTable('seal_revocations', (t) => {
    t.increments('id');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('ca_fingerprint', 64).notNullable();
    t.string('serial', 64).notNullable();
    t.text('seal_certificate_pem').notNullable();
    t.timestamp('revoked_at', { useTz: true }).notNullable();
    t.text('reason').notNullable();
    t.uuid('revoked_by');
    t.unique(['ca_fingerprint', 'serial']);
  });
  await k.schema.createTable('ca_crls', (t) => {
    t.string('ca_fingerprint', 64).primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.text('crl_der_b64').notNullable();
    t.timestamp('made_at', { useTz: true }).notNullable();
  });
  await k.schema.createTable('timestamp_authority', (t) => {
    t.string('id', 32).primary();
    t.text('key_pem').notNullable();
    t.text('certificate_pem').notNullable();
  });
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['timestamp_authority', 'ca_crls', 'seal_revocations', 'company_status_lists', 'certificate_credentials']) {
    await k.schema.dropTableIfExists(table);
  }
}
