import { featureRouter } from '../http/params';
import type { Feature } from '../http/feature';
import { createFarmDataRouter } from './farm-data-routes';
import { createVerificationRouter } from './verification-routes';

/** Farm data and grain image verification under /api/farmdata/. */
export const farmDataFeature: Feature = {
  apiPaths: ['farmdata'],
  mount: (deps) => {
    const api = featureRouter();
    api.use(createFarmDataRouter(deps));
    api.use(createVerificationRouter(deps));
    return { api };
  },
};
