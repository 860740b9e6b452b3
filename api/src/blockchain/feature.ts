import type { Feature } from '../http/feature';
import { createBlockRouter } from './block-routes';

/** The blockchain view's calls under /api/event/. */
export const blockchainFeature: Feature = { apiPaths: ['event'], mount: (deps) => ({ api: createBlockRouter(deps) }) };
