import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';
import { needs } from '../../app/RequireAccess';

const FarmDataListPage = lazyPage(() => import('./FarmDataListPage'), 'FarmDataListPage');
const FarmDataCreatePage = lazyPage(() => import('./FarmDataCreatePage'), 'FarmDataCreatePage');
const FarmDataUploadPage = lazyPage(() => import('./FarmDataUploadPage'), 'FarmDataUploadPage');
const FarmDataStreamingPage = lazyPage(() => import('./FarmDataStreamingPage'), 'FarmDataStreamingPage');
const ImageValidationPage = lazyPage(() => import('./ImageValidationPage'), 'ImageValidationPage');

/** Farm data screens (docs/spec/farm-data-and-documents.md §2), the /views/farmData/list spelling the create page links to, and the image verifier (routes match case-insensitively). */
export const FARMDATA_ROUTES: FeatureRoute[] = [
  { path: '/views/farmdata/harvesting/list', element: <FarmDataListPage />, allow: needs('viewDocument') },
  { path: '/views/farmData/list', element: <FarmDataListPage />, allow: needs('viewDocument') },
  { path: '/views/farmdata/harvesting/create', element: <FarmDataCreatePage />, allow: needs('editDocument') },
  { path: '/views/farmdata/harvesting/upload', element: <FarmDataUploadPage />, allow: needs('editDocument') },
  { path: '/views/farmdata/harvesting/streaming', element: <FarmDataStreamingPage />, allow: needs('editDocument') },
  { path: '/imagevalidation', element: <ImageValidationPage />, allow: needs('editDocument') },
];
