export * from './views';
