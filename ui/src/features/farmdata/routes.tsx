import type { FeatureRoute } from '../../features';
import { FarmDataListPage } from './FarmDataListPage';
import { FarmDataCreatePage } from './FarmDataCreatePage';
import { FarmDataUploadPage } from './FarmDataUploadPage';
import { FarmDataStreamingPage } from './FarmDataStreamingPage';
import { ImageValidationPage } from './ImageValidationPage';
import { needs } from '../../app/RequireAccess';

/** Farm data screens (docs/spec/farm-data-and-documents.md §2), the /views/farmData/list spelling the create page links to, and the image verifier (routes match case-insensitively). */
export const FARMDATA_ROUTES: FeatureRoute[] = [
  { path: '/views/farmdata/harvesting/list', element: <FarmDataListPage />, allow: needs('viewDocument') },
  { path: '/views/farmData/list', element: <FarmDataListPage />, allow: needs('viewDocument') },
  { path: '/views/farmdata/harvesting/create', element: <FarmDataCreatePage />, allow: needs('editDocument') },
  { path: '/views/farmdata/harvesting/upload', element: <FarmDataUploadPage />, allow: needs('editDocument') },
  { path: '/views/farmdata/harvesting/streaming', element: <FarmDataStreamingPage />, allow: needs('editDocument') },
  { path: '/imagevalidation', element: <ImageValidationPage />, allow: needs('editDocument') },
];
