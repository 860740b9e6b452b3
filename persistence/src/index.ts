export * from './db';
export * from './migrate';
export * from './testing';
export * from './password';
export * from './mail-store';
export * from './accounts';
export * from './templates';
