export * from './create-worker';
export * from './runtime';
