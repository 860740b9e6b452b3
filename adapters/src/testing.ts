/**
 * Fixtures for tests, benchmarks and demos: sample compliance documents, generated images and a
 * minimal .docx writer. Imported as `@grain/adapters/testing`, never from the production barrel.
 */
export * from './ai/sample-documents';
export { samplePng } from './image-verifier/sample-images';
export { buildDocx, writeZip } from './text-extract/zip-writer';
export { COMPLIANCE_CORPUS, blocksDocx, blocksHtml, type CorpusDocument } from './ai/corpus';
export { freePortRange } from './free-port-range';
export { sealParts, transplantSeal, withCms } from './pdf/pdf-forgery';
export { gatedPdfRenderer, type GatedPdfRenderer } from './pdf/gated-renderer';
