import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';

const ActionListPage = lazyPage(() => import('./ActionListPage'), 'ActionListPage');
const ActionDetailPage = lazyPage(() => import('./detail/ActionDetailPage'), 'ActionDetailPage');

/** Corrective actions (issue 32): the company view with "waiting for me", and one action (?id=, the mails' deep link). */
export const CORRECTIVE_ACTION_ROUTES: FeatureRoute[] = [
  { path: '/views/corrective-actions/list', element: <ActionListPage /> },
  { path: '/views/corrective-actions/detail', element: <ActionDetailPage /> },
];
