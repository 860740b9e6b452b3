import type { Feature } from '../http/feature';
import { createDocumentRouter } from './document-routes';

/** Company documents under /api/company/document(s). */
export const documentsFeature: Feature = { apiPaths: ['company/document', 'company/documentes'], mount: (deps) => ({ api: createDocumentRouter(deps) }) };
