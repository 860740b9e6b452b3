import type { Feature } from '../http/feature';
import { createDidDocumentRouter, createTrustRouter } from './trust-routes';

/** What verifiers fetch with their own tools (issue 31): DID documents on the platform's domain, status lists, CRLs. */
export const trustFeature: Feature = {
  apiPaths: ['trust'],
  mount: (deps) => ({ api: createTrustRouter(deps), '/companies': createDidDocumentRouter(deps) }),
};
