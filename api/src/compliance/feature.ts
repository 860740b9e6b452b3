import type { Feature } from '../http/feature';
import { createComplianceRouters } from './compliance-routes';

/**
 * AI compliance audit: /api/compliance/... and the AI service paths under /openai; and the spec's
 * retired `company/compliance/create`, which answers 410 naming its replacement.
 */
export const complianceFeature: Feature = {
  apiPaths: ['compliance', 'company/compliance'],
  mount: (deps) => {
    const { api, openai } = createComplianceRouters(deps);
    return { api, '/openai': openai };
  },
};
