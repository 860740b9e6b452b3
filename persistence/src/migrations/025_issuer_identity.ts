import type { Knex } from 'knex';

/**
 * The issuer's identity (issue 26 item 6): a company issues only once the platform's operator verified
 * who it is — its legal name and registration (ABN or Vietnamese enterprise code) — kept on the company
 * as verified (it lapses when either changes) with every act in its own audit table. The company CA and
 * seal certificates carry the verified registration; the ones a company had before (a CA made before
 * verification, or before the registration changed) are kept in company_ca_archive so what they signed
 * still checks.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('companies', (t) => {
    t.string('identity_name', 400);
    t.string('identity_registration', 20);
    t.timestamp('identity_verified_at', { useTz: true });
    t.string('identity_verified_by', 320);
  });
  await k.schema.createTable('company_identity_events', (t) => {
    t.bigIncrements('seq').primary();
    t.uuid('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('action', 20).notNullable();
    t.string('name', 400);
    t.string('registration', 20);
    t.string('by', 320).notNullable();
    t.text('note');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['company_id', 'seq']);
  });
  await k.schema.createTable('company_ca_archive', (t) => {
    t.bigIncrements('seq').primary();
    t.uuid('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.text('certificate_pem').notNullable();
    t.text('seal_certificate_pem');
    t.timestamp('retired_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.index(['company_id']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTable('company_ca_archive');
  await k.schema.dropTable('company_identity_events');
  await k.schema.alterTable('companies', (t) => {
    t.dropColumns('identity_name', 'identity_registration', 'identity_verified_at', 'identity_verified_by');
  });
}
