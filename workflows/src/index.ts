// Workflow entry point for the worker bundle: export every workflow function here.
export * from './certificate';
export * from './compliance';
export * from './corrective-action';
