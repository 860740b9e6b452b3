import type { Knex } from 'knex';

/** The id of a user's signature (the user JSON's `signature`), or null. */
export async function signatureIdOf(k: Knex, userId: string): Promise<string | null> {
  const r = await k('signatures').where({ user_id: userId }).first('id');
  return r?.id ?? null;
}
