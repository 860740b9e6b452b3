export * from './farm-data';
export * from './csv-rules';
export * from './autogenerate';
