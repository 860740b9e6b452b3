export * from './schemas';
export * from './session-user';
