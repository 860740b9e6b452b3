import type { Knex } from 'knex';
import { MIGRATIONS } from './migrations';

/** knex migrations from an in-code list, so they run the same from src (tests) and dist (runtime). */
class ListSource implements Knex.MigrationSource<(typeof MIGRATIONS)[number]> {
  getMigrations() {
    return Promise.resolve([...MIGRATIONS]);
  }
  getMigrationName(m: (typeof MIGRATIONS)[number]) {
    return m.name;
  }
  getMigration(m: (typeof MIGRATIONS)[number]) {
    return Promise.resolve(m);
  }
}

export async function runMigrations(k: Knex): Promise<void> {
  await k.migrate.latest({ migrationSource: new ListSource() });
}
