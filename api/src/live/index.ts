export * from './live-access';
export * from './live-channel';
export * from './live-hub';
