export * from './template-store';
