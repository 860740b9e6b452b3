import type { Knex } from 'knex';

/**
 * certificates.list_card: the certificate's list card as JSON text, written by the store with the row
 * (KnexCertificateStore.row), so a list page reads 20 stored values instead of building JSON from the
 * row and its level rows on every request (bench/RESULTS.md "(e)"). The cards of existing rows are
 * built by migration 015 (which changed what a card holds), from each row's state.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.text('list_card');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.dropColumn('list_card');
  });
}
