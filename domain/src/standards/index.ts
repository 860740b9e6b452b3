// Grain grade standards as data, and the check of a farm record against them. Pure: safe for the workflow.
export * from './types';
export * from './sources';
export * from './standards-2025-26';
export * from './check';
