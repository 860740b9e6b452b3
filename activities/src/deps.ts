import type { Adapters, AppConfig } from '@grain/adapters';
import type { Stores } from '@grain/persistence';

/** What every activity factory receives from the composition root (worker/). */
export interface ActivityDeps {
  config: AppConfig;
  /** Every store (persistence createStores), over the one database handle of the composition root. */
  stores: Stores;
  adapters: Adapters;
}
