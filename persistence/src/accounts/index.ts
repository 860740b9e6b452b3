export * from './types';
export * from './user-store';
export * from './company-store';
export * from './group-store';
export * from './session-store';
export * from './auth-log-store';
export * from './reset-token-store';
export * from './user-signature';
export { issueCertificate } from './x509';
