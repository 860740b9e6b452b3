import type { FeatureRoute } from '../../features';
import { FarmDataListPage } from './FarmDataListPage';
import { FarmDataCreatePage } from './FarmDataCreatePage';
import { FarmDataUploadPage } from './FarmDataUploadPage';
import { FarmDataStreamingPage } from './FarmDataStreamingPage';
import { ImageValidationPage } from './ImageValidationPage';

/** Farm data screens (spec 001 §2), the /views/farmData/list spelling the create page links to, and the image verifier (routes match case-insensitively). */
export const FARMDATA_ROUTES: FeatureRoute[] = [
  { path: '/views/farmdata/harvesting/list', element: <FarmDataListPage /> },
  { path: '/views/farmData/list', element: <FarmDataListPage /> },
  { path: '/views/farmdata/harvesting/create', element: <FarmDataCreatePage /> },
  { path: '/views/farmdata/harvesting/upload', element: <FarmDataUploadPage /> },
  { path: '/views/farmdata/harvesting/streaming', element: <FarmDataStreamingPage /> },
  { path: '/imagevalidation', element: <ImageValidationPage /> },
];
