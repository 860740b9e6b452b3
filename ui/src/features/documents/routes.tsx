import type { FeatureRoute } from '../../features';
import { DocumentListPage } from './DocumentListPage';
import { DocumentFormPage } from './DocumentFormPage';
import { DocumentDetailPage } from './DocumentDetailPage';

/** Document screens (spec 001 §2); the selected document travels as ?id=. */
export const DOCUMENT_ROUTES: FeatureRoute[] = [
  { path: '/views/document/list', element: <DocumentListPage /> },
  { path: '/views/document/create', element: <DocumentFormPage mode="create" /> },
  { path: '/views/document/update', element: <DocumentFormPage mode="update" /> },
  { path: '/views/document/detail', element: <DocumentDetailPage /> },
];
