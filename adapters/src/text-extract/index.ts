export * from './extract-text';
export * from './zip-writer';
export { readZipEntry } from './zip-reader';
