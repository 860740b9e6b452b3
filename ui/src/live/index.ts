export * from './useLive';
export * from './useLiveReload';
