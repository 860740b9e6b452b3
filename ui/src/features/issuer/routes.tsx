import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';

const PlatformCompaniesPage = lazyPage(() => import('./PlatformCompaniesPage'), 'PlatformCompaniesPage');

/** The platform operator's screen: opened by its address (docs/operations.md); the API refuses anyone else. */
export const ISSUER_ROUTES: FeatureRoute[] = [{ path: '/views/platform/companies', element: <PlatformCompaniesPage />, withoutCompany: true }];
