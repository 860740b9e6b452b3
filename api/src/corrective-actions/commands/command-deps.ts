import type { ActionPerson, ActionTiming, Actor } from '@grain/domain';
import type { FileStorage } from '@grain/adapters';
import type { Stores } from '@grain/persistence';
import type { ActionWorkflows } from '../action-workflows';

/** What every corrective-action use case works with. */
export interface ActionCommandDeps {
  stores: Stores;
  workflows: ActionWorkflows;
  storage: FileStorage;
  timing: ActionTiming;
  /** The time a use case takes as now (the workflow judges due times by its own clock again). */
  now: () => Date;
}

/** Who calls a use case: permissions for the checks, the person the machine knows, the company everything is scoped to. */
export interface ActionCaller {
  access: Actor;
  person: ActionPerson;
  companyId: string;
}
