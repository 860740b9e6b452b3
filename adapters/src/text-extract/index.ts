export * from './extract-text';
export { readZipEntry } from './zip-reader';
export * from './extraction-pool';
export { checkZipLimits, ZIP_LIMITS, ZipLimitError } from './zip-reader';
export { utf8Text } from './farm-csv';
