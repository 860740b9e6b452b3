import type { FeatureRoute } from '../../features';
import { DocumentListPage } from './DocumentListPage';
import { DocumentFormPage } from './DocumentFormPage';
import { DocumentDetailPage } from './DocumentDetailPage';
import { needs } from '../../app/RequireAccess';

/** Document screens (docs/spec/farm-data-and-documents.md §2); the selected document travels as ?id=. */
export const DOCUMENT_ROUTES: FeatureRoute[] = [
  { path: '/views/document/list', element: <DocumentListPage />, allow: needs('viewDocument') },
  { path: '/views/document/create', element: <DocumentFormPage mode="create" />, allow: needs('editDocument') },
  { path: '/views/document/update', element: <DocumentFormPage mode="update" />, allow: needs('editDocument') },
  { path: '/views/document/detail', element: <DocumentDetailPage />, allow: needs('viewDocument') },
];
