export * from './create-worker';
export * from './runtime';
export * from './stale-runs';
