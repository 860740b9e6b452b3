import type { FeatureRoute } from '../../features';
import { ComplianceListPage } from './ComplianceListPage';
import { ComplianceCreatePage } from './ComplianceCreatePage';
import { ComplianceDetailPage } from './ComplianceDetailPage';

/** AI compliance audit screens (docs/spec/farm-data-and-documents.md §2); the selected submission travels as ?id=. */
export const COMPLIANCE_ROUTES: FeatureRoute[] = [
  { path: '/views/compliance/list', element: <ComplianceListPage /> },
  { path: '/views/compliance/create', element: <ComplianceCreatePage /> },
  { path: '/views/compliance/detail', element: <ComplianceDetailPage /> },
];
