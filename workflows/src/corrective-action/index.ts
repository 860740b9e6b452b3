export * from './corrective-action-messages';
export * from './corrective-action-search-attributes';
export * from './corrective-action-workflow';
