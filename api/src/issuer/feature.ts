import type { Feature } from '../http/feature';
import { createIssuerRouter } from './issuer-routes';

/** The issuer's identity: the company's own (company/identity) and the platform operator's (platform/...). */
export const issuerFeature: Feature = { apiPaths: ['company/identity', 'platform'], mount: (deps) => ({ api: createIssuerRouter(deps) }) };
