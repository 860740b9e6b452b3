export * from './compliance-activities';
