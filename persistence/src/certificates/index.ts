export * from './certificate-store';
export * from './otp-store';
