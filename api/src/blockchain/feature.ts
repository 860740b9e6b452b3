import type { Feature } from '../features';
import { createBlockRouter } from './block-routes';

/** The blockchain view's calls under /api/event/. */
export const blockchainFeature: Feature = (deps) => ({ api: createBlockRouter(deps) });
