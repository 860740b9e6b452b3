import type { Knex } from 'knex';
import type { Adapters, AppConfig } from '@grain/adapters';

/** What every activity factory receives from the composition root (worker/). */
export interface ActivityDeps {
  config: AppConfig;
  knex: Knex;
  adapters: Adapters;
}
