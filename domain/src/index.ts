// Public surface of the pure domain package (no I/O; safe for workflows, the API and the browser).
export * from './constants';
export * from './ids';
export * from './live';
export * from './messages';
export * from './errors';
export * from './validation';
export * from './permissions';
export * from './search-attributes';
export * from './accounts';
export * from './certificate';
// Request schemas use zod, so they are exported here and not from ./certificate (which the workflow may import).
export * from './certificate/request-schemas';
// One canonical JSON for every hash the product computes (certificate content, ledger entries).
export { canonicalJson } from './certificate/sha256';
export * from './farm';
export * from './compliance';
export * from './documents';
export * from './standards';
export * from './policy';
export * from './ledger';
export * from './corrective-actions';
