import type { Router } from 'express';
import type { ApiDeps } from './deps';

/**
 * A feature mounts its routers by prefix: 'api' goes under /api (the spec's paths are relative to
 * it); any other key ('/openai', ...) is mounted at that path. Each feature folder adds its line here.
 */
export type Feature = (deps: ApiDeps) => Record<string, Router>;

export const FEATURE_ROUTERS: Feature[] = [
  // accounts first: its cross-site guard and session lookup then run before every other feature
  require('./accounts/feature').createAccountsFeature as Feature,
  require('./farmdata/feature').farmDataFeature as Feature,
  require('./documents/feature').documentsFeature as Feature,
  require('./policy/feature').policyFeature as Feature,
  require('./blockchain/feature').blockchainFeature as Feature,
  require('./certificates/feature').createCertificatesFeature as Feature,
  require('./compliance/feature').complianceFeature as Feature,
];
