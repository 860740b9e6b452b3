export * from './company-document';
