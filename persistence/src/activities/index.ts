export * from './activity-result-store';
