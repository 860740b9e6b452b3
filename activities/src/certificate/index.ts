export * from './certificate-activities';
export * from './certificate-pdf';
export * from './errors';
