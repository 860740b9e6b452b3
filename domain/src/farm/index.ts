export * from './farm-data';
export * from './csv-rules';
export * from './autogenerate';
export * from './document-labels';
export * from './image-verification';
export * from './answers';
