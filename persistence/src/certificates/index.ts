export * from './certificate-store';
export * from './otp-store';
export * from './reminder-store';
export * from './view-store';
export * from './credential-store';
