export * from './ledger-block-store';
