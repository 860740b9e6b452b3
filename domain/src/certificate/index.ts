export * from './types';
export * from './machine';
export { createCertificate, applyChanges, assertChainSignable, certificateContentHash, reminderConfig } from './build';
export { sha256Hex } from './sha256';
export * from './activity-contract';
export * from './timer-plan';
