/**
 * The part of the domain a Temporal workflow may import: pure rules with no zod and no heavy modules,
 * so the workflow bundle stays small (a test of the worker fails if the bundle ever holds zod).
 * Published as `@grain/domain/workflow-safe`; the main barrel re-exports all of it.
 */
export * from './constants';
export * from './messages';
export * from './errors';
export * from './search-attributes';
export * from './certificate/types';
export * from './certificate/machine';
export * from './certificate/timer-plan';
export { createCertificate, applyChanges, assertChainSignable, certificateContentHash, reminderConfig } from './certificate/build';
export * from './certificate/activity-contract';
export * from './certificate/mail-context';
export { currentDetails } from './certificate/operator-view';
export * from './compliance/activity-contract';
export * from './compliance/compliance-kinds';
export * from './corrective-actions/types';
export * from './corrective-actions/machine';
export * from './corrective-actions/timer-plan';
export * from './corrective-actions/activity-contract';
