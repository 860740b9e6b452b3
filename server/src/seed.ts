import type { Knex } from 'knex';

/** Demo data on first run (replaced by the accounts implementation). */
export async function seedDemoData(_k: Knex): Promise<Array<{ email: string; password: string; role: string }> | null> {
  return null;
}
