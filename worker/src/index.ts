export * from './create-worker';
