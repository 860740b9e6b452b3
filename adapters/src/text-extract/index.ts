export * from './extract-text';
export { readZipEntry } from './zip-reader';
