import type { Knex } from 'knex';
import { LIST_CARD_SQL } from '../certificates/certificate-rows';

/**
 * certificates.list_card: the certificate's list card as JSON text, written by the store with the row
 * (KnexCertificateStore.row), so a list page reads 20 stored values instead of building JSON from the
 * row and its level rows on every request (bench/RESULTS.md "(e)"). Existing rows are filled here from
 * their rows; the list also falls back to building a missing card. (LIST_CARD_SQL reads only columns
 * of 003; should it ever need a later column, freeze a copy of today's text here.)
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.text('list_card');
  });
  await k.raw(`update certificates c set list_card = (${LIST_CARD_SQL})::text`);
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('certificates', (t) => {
    t.dropColumn('list_card');
  });
}
