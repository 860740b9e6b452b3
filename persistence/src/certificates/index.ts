export * from './certificate-store';
export * from './otp-store';
export * from './reminder-store';
