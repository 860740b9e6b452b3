export * from './compliance-messages';
export * from './compliance-workflow';
