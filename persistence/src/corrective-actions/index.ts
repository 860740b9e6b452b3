export * from './corrective-action-store';
export * from './action-people';
