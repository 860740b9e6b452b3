import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import type { Adapters, AppConfig, HealthReport } from '@grain/adapters';
import type { Stores } from '@grain/persistence';

/** Everything the API needs, built by the composition root (server/) or by a test. */
export interface ApiDeps {
  config: AppConfig;
  /**
   * @deprecated use `stores`; SQL lives in persistence. Kept only until the certificate code that
   * still reads it moves to stores.
   */
  knex: Knex;
  /** Every store (persistence createStores), over the one database handle of the composition root. */
  stores: Stores;
  adapters: Adapters;
  temporal: Client;
  /** Extra health probes the composition root knows about (database, Temporal, worker polling, mail catcher). */
  health?: () => Promise<Record<string, HealthReport>>;
}
