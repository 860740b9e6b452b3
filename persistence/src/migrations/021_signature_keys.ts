import type { Knex } from 'knex';

/**
 * Personal signing keys are kept, one row per key (issue 26, item 4): a re-issued key is a new row with
 * its own id and GUID, and the key it replaces is retired (its private key wiped, its certificate kept,
 * so the signatures made with it still verify). At most one current key per user.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('signatures', (t) => {
    t.dropUnique(['user_id']);
    t.timestamp('retired_at', { useTz: true });
    t.uuid('retired_by');
  });
  await k.raw('alter table signatures alter column private_key_pem drop not null');
  await k.raw('create unique index signatures_current_key on signatures (user_id) where retired_at is null');
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index if exists signatures_current_key');
  await k('signatures').whereNotNull('retired_at').del();
  await k.raw('alter table signatures alter column private_key_pem set not null');
  await k.schema.alterTable('signatures', (t) => {
    t.dropColumn('retired_by');
    t.dropColumn('retired_at');
    t.unique(['user_id']);
  });
}
