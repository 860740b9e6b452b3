import type { Knex } from 'knex';
import type { Adapters, AppConfig } from '@grain/adapters';
import type { Stores } from '@grain/persistence';

/** What every activity factory receives from the composition root (worker/). */
export interface ActivityDeps {
  config: AppConfig;
  /**
   * @deprecated use `stores`; SQL lives in persistence. Kept only until the certificate code that
   * still reads it moves to stores.
   */
  knex: Knex;
  /** Every store (persistence createStores), over the one database handle of the composition root. */
  stores: Stores;
  adapters: Adapters;
}
