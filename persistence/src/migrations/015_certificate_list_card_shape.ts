import type { Knex } from 'knex';
import { refreshListCards } from '../certificates/certificate-store';

/**
 * certificates.list_card now holds the list card in the answer's own shape (the domain's listCardOf:
 * only what a card shows), so the list answers the stored text unparsed (bench/RESULTS.md "(e)", issue
 * 17). Every existing card is rebuilt from its row's state, in batches. Down leaves the new cards:
 * the list before this migration built a card from the rows only where none was stored, so the column
 * is emptied for it to do so.
 */
export async function up(k: Knex): Promise<void> {
  await refreshListCards(k);
}

export async function down(k: Knex): Promise<void> {
  await k.raw('update certificates set list_card = null');
}
