export * from './server';
export * from './cluster';
