import type { Feature } from '../http/feature';
import { ActionWorkflows } from './action-workflows';
import { actionRoutes } from './action-routes';

/** Corrective actions (issue 32): /api/corrective-actions/... */
export const correctiveActionsFeature: Feature = {
  apiPaths: ['corrective-actions'],
  mount: (deps) => ({
    api: actionRoutes({
      stores: deps.stores,
      storage: deps.adapters.storage,
      workflows: new ActionWorkflows(deps.temporal, deps.config.taskQueue, deps.config.temporalDeadlines),
      timing: deps.config.correctiveActionTiming,
      now: () => new Date(),
    }),
  }),
};
