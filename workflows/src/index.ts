// Workflow entry point for the worker bundle: export every workflow function here.
export * from './certificate-messages';
export * from './certificate-search-attributes';
export { certificateWorkflow } from './certificate-workflow';
export * from './compliance';
