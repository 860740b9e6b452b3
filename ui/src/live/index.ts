export * from './useLive';
