// The certificate's pure rules. Nothing here imports zod: the workflow may import this module.
export * from './types';
export * from './machine';
export { createCertificate, applyChanges, assertChainSignable, certificateContentHash, CONTENT_HASH_VERSION, reminderConfig } from './build';
export { sha256Hex } from './sha256';
export * from './activity-contract';
export * from './access';
export * from './display-status';
export * from './list-toggles';
export * from './viewer-permissions';
export * from './issued-certificate';
export * from './issued-labels';
export * from './operator-view';
export * from './inbox';
export * from './progress';
export * from './conformity-credential';
export * from './rejection-notice';
export type * from './views';
export * from './timer-plan';
