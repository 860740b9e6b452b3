import type { Knex } from 'knex';
import { refreshListCards } from '../certificates/certificate-store';

/**
 * The list card now carries its current level's due date (`levelDue`, the domain's listCardOf): an
 * overdue certificate shows the due date that was missed, not the last level's; and a card sent back
 * names its submitter as the one who acts next. Every stored card is rebuilt from its row's state. Down leaves the cards (a card with one key more reads the same).
 */
export async function up(k: Knex): Promise<void> {
  await refreshListCards(k);
}

export async function down(): Promise<void> {
  // nothing to undo
}
