import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';

const PolicyPage = lazyPage(() => import('./PolicyPage'), 'PolicyPage');

/** The policy reference, under the spec's three paths (001 §2). */
export const POLICY_ROUTES: FeatureRoute[] = [
  { path: '/views/policy/list', element: <PolicyPage />, withoutCompany: true },
  { path: '/views/Policy/detail', element: <PolicyPage />, withoutCompany: true },
  { path: '/views/Policy/create', element: <PolicyPage />, withoutCompany: true },
];
