import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';

const ComplianceListPage = lazyPage(() => import('./ComplianceListPage'), 'ComplianceListPage');
const ComplianceCreatePage = lazyPage(() => import('./ComplianceCreatePage'), 'ComplianceCreatePage');
const ComplianceDetailPage = lazyPage(() => import('./ComplianceDetailPage'), 'ComplianceDetailPage');

/** AI compliance audit screens (docs/spec/farm-data-and-documents.md §2); the selected submission travels as ?id=. */
export const COMPLIANCE_ROUTES: FeatureRoute[] = [
  { path: '/views/compliance/list', element: <ComplianceListPage /> },
  { path: '/views/compliance/create', element: <ComplianceCreatePage /> },
  { path: '/views/compliance/detail', element: <ComplianceDetailPage /> },
];
