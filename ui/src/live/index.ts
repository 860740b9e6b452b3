export * from './useLive';
export { LiveConnection } from './live-connection';
