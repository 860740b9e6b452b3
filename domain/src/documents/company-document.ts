import type { DocumentType } from '../constants';

/**
 * A company document as the API answers it (docs/spec/farm-data-and-documents.md §3 names, plus what the viewer needs): built by
 * the persistence store, sent as-is by the API, read by the UI.
 */
export interface CompanyDocument {
  _id: string;
  docId: string;
  docName: string;
  docType: DocumentType;
  description: string | null;
  uploadUser: string;
  /** "Firstname Lastname" of the uploader, when the user still exists. */
  uploadUserName: string | null;
  uploadDate: string;
  lastModified: string;
  /** Path of the file under /api (company/document/{id}). */
  uploadUrl: string;
  file: { name: string; ext: string; mime: string; size: number };
  company: string;
  version: number;
}
