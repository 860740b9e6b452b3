import type { Feature } from '../http/feature';
import { createComplianceRouters } from './compliance-routes';

/** AI compliance audit: /api/compliance/... and the AI service paths under /openai. */
export const complianceFeature: Feature = {
  apiPaths: ['compliance'],
  mount: (deps) => {
    const { api, openai } = createComplianceRouters(deps);
    return { api, '/openai': openai };
  },
};
