export * from './compliance-kinds';
export * from './summaries';
export * from './report';
export * from './activity-contract';
export * from './views';
