export * from './app';
export * from './deps';
export * from './http/errors';
export * from './http/lang';
export * from './live';
export * from './http/listen';
