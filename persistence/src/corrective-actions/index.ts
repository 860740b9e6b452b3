export * from './corrective-action-store';
