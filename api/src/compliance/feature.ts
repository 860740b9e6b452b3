import type { Feature } from '../http/feature';
import { ComplianceWorkflows } from './compliance-workflows';
import { createComplianceRouters } from './compliance-routes';

/**
 * AI compliance audit: /api/compliance/... and the AI service paths under /openai; and the spec's
 * retired `company/compliance/create`, which answers 410 naming its replacement.
 */
export const complianceFeature: Feature = {
  apiPaths: ['compliance', 'company/compliance'],
  mount: (deps) => {
    const { taskQueue, temporalDeadlines } = deps.config;
    const { api, openai } = createComplianceRouters({
      stores: deps.stores,
      workflows: new ComplianceWorkflows(deps.temporal, taskQueue, temporalDeadlines),
      adapters: deps.adapters,
    });
    return { api, '/openai': openai };
  },
};
