import type { FeatureRoute } from '../../features';
import { PolicyPage } from './PolicyPage';

/** The policy reference, under the spec's three paths (001 §2). */
export const POLICY_ROUTES: FeatureRoute[] = [
  { path: '/views/policy/list', element: <PolicyPage /> },
  { path: '/views/Policy/detail', element: <PolicyPage /> },
  { path: '/views/Policy/create', element: <PolicyPage /> },
];
