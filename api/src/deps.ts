import type { Client } from '@temporalio/client';
import type { Adapters, AppConfig, HealthReport } from '@grain/adapters';
import type { Stores } from '@grain/persistence';

/** Everything the API needs, built by the composition root (server/) or by a test. */
export interface ApiDeps {
  config: AppConfig;
  /** Every store (persistence createStores), over the one database handle of the composition root. */
  stores: Stores;
  adapters: Adapters;
  temporal: Client;
  /** Extra health probes the composition root knows about (database, Temporal, worker polling, mail catcher). */
  health?: () => Promise<Record<string, HealthReport>>;
}
