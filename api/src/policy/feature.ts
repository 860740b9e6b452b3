import type { Feature } from '../http/feature';
import { createPolicyRouter } from './policy-routes';

/** Policy reference under /api/policy/. */
export const policyFeature: Feature = { apiPaths: ['policy'], mount: (deps) => ({ api: createPolicyRouter(deps) }) };
