export * from './compliance-store';
