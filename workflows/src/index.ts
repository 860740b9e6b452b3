// Workflow entry point for the worker bundle: export every workflow function here.
export * from './certificate';
export * from './compliance';
export * from './corrective-action';
// How a refusal crosses Temporal: the code a client reads from any workflow's failure.
export { appErrorCodeOf } from './app-failure';
export { SEARCH_KEYS } from './search-keys';
