export * from './extract-text';
export * from './zip-writer';
export { readZipEntry } from './zip-reader';
export * from './extraction-pool';
export { checkZipLimits, ZIP_LIMITS, ZipLimitError } from './zip-reader';
