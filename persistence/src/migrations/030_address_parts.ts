import type { Knex } from 'knex';
import { auStateOf, countryCodeOf, COUNTRY_NAMES } from '@grain/domain';

/**
 * Addresses as the post writes them (issue 27): an Australian address's state and postcode and a
 * Vietnamese address's province become fields of their own; street lines take up to 100 characters
 * ("Level 12, 345 Collins Street" and the like); city may be empty (an Australian address has none).
 * Existing rows: the country is written by its name when it is Australia or Vietnam in another spelling,
 * and an Australian row whose city holds a state (the old form labelled city "State") has it moved
 * to the state.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('addresses', (t) => {
    t.string('state', 3);
    t.string('postcode', 10);
    t.string('province', 50);
    t.string('street', 100).notNullable().alter();
    t.string('city', 50).nullable().alter();
  });
  const rows: Array<{ id: string; city: string | null; country: string }> = await k('addresses').select('id', 'city', 'country');
  for (const r of rows) {
    const code = countryCodeOf(r.country);
    if (!code) continue;
    const state = code === 'AU' ? auStateOf(r.city) : null;
    await k('addresses')
      .where({ id: r.id })
      .update({ country: COUNTRY_NAMES[code], ...(state ? { state, city: '' } : {}) });
  }
}

export async function down(k: Knex): Promise<void> {
  await k('addresses').whereNull('city').update({ city: '' });
  await k.schema.alterTable('addresses', (t) => {
    t.dropColumn('province');
    t.dropColumn('postcode');
    t.dropColumn('state');
  });
}
