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
  /**
   * The current file: `version` is its file version (the document's version when it was set; earlier
   * ones are kept for the certificates that hold them) and `sha256` the hash of its bytes.
   */
  file: { name: string; ext: string; mime: string; size: number; sha256: string; version: number };
  company: string;
  /** The document's version: every change counts, name and description too (the lost-update guard). */
  version: number;
}

/** The answers of the document calls (docs/spec/farm-data-and-documents.md §7), written once for the API and the UI. */
/** GET company/documentes (sic, the spec's path). */
export interface DocumentListAnswer {
  documents: CompanyDocument[];
}

/** GET company/document/create: the document types the form offers, labelled in the caller's language. */
export interface DocumentFormInfoAnswer {
  documentTypes: Array<{ value: DocumentType; label: string }>;
}

/** POST company/document/create (201) and .../{id}/update: the saved document, and its id and name as the spec answered them. */
export interface DocumentSavedAnswer {
  document: CompanyDocument;
  documents: { docId: string; docName: string };
}

/** GET company/document/{id}/detail. */
export interface DocumentAnswer {
  document: CompanyDocument;
}
