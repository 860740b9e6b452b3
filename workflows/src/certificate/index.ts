export * from './certificate-messages';
export * from './certificate-search-attributes';
export * from './certificate-workflow';
