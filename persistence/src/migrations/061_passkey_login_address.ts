import type { Knex } from 'knex';

/**
 * The address that asked for a passkey sign-in's challenge: anyone may ask, so the challenges one
 * address keeps open at once are bounded (PASSKEY_LOGINS_OPEN_PER_ADDRESS) rather than the table's
 * total, which one flood would fill for everybody.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('passkey_logins', (t) => {
    t.string('address', 64).notNullable().defaultTo('');
    t.index(['address'], 'passkey_logins_address');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('passkey_logins', (t) => {
    t.dropIndex(['address'], 'passkey_logins_address');
    t.dropColumn('address');
  });
}
