import type { Feature } from '../features';
import { createDocumentRouter } from './document-routes';

/** Company documents under /api/company/document(s). */
export const documentsFeature: Feature = (deps) => ({ api: createDocumentRouter(deps) });
