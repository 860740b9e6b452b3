export * from './document-store';
