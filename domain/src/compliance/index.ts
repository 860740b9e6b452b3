export * from './compliance-kinds';
export * from './summaries';
export * from './summary-fields';
export * from './report';
export * from './report-text';
export * from './activity-contract';
export * from './views';
