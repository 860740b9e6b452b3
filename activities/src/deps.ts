import type { Knex } from 'knex';
import type { Adapters, AppConfig } from '@grain/adapters';
import type { Stores } from '@grain/persistence';

/** What every activity factory receives from the composition root (worker/). */
export interface ActivityDeps {
  config: AppConfig;
  knex: Knex;
  /** Every store (persistence createStores); new code uses these, not `knex`. */
  stores: Stores;
  adapters: Adapters;
}
