export * from './live-channel';
export * from './live-hub';
