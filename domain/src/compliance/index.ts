export * from './compliance-kinds';
export * from './summaries';
export * from './report';
