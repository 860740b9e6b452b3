import type { Feature } from '../features';
import { createPolicyRouter } from './policy-routes';

/** Policy reference under /api/policy/. */
export const policyFeature: Feature = (deps) => ({ api: createPolicyRouter(deps) });
