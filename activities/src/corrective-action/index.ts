export * from './corrective-action-activities';
