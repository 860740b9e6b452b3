export * from './types';
export * from './machine';
export * from './timer-plan';
export * from './finding';
export * from './views';
export * from './request-schemas';
export * from './activity-contract';
