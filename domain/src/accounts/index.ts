export * from './schemas';
export * from './session-user';
export * from './access-rules';
export * from './login-throttle';
export * from './views';
export * from './answers';
export * from './issuer-identity';
export * from './issuer-identity-schemas';
