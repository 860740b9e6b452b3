import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';
import { needs } from '../../app/RequireAccess';

const DocumentListPage = lazyPage(() => import('./DocumentListPage'), 'DocumentListPage');
const DocumentFormPage = lazyPage(() => import('./DocumentFormPage'), 'DocumentFormPage');
const DocumentDetailPage = lazyPage(() => import('./DocumentDetailPage'), 'DocumentDetailPage');

/** Document screens (docs/spec/farm-data-and-documents.md §2); the selected document travels as ?id=. */
export const DOCUMENT_ROUTES: FeatureRoute[] = [
  { path: '/views/document/list', element: <DocumentListPage />, allow: needs('viewDocument') },
  { path: '/views/document/create', element: <DocumentFormPage mode="create" />, allow: needs('editDocument') },
  { path: '/views/document/update', element: <DocumentFormPage mode="update" />, allow: needs('editDocument') },
  { path: '/views/document/detail', element: <DocumentDetailPage />, allow: needs('viewDocument') },
];
