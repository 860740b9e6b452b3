export * from './farm-data-store';
export * from './image-verification-store';
