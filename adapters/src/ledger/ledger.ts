import type { ChainVerification, LedgerChannelHeader } from '@grain/domain';
import type { LedgerBlockStore } from '@grain/persistence';
import type { Described } from '../port';

export type LedgerRecordType = 'signature' | 'rejection' | 'delegation' | 'completion' | 'submission' | 'farm_data' | 'compliance_report' | 'revocation';

export interface LedgerEntry {
  /** Stable key of the event (e.g. workflow id + event id); appending the same key twice is a no-op. */
  key: string;
  type: LedgerRecordType;
  payload: Record<string, unknown>;
}

export interface LedgerReceipt {
  txId: string;
  blockNumber: number;
  /** true when this call wrote the block; false when the key was already on the ledger. */
  created: boolean;
}

export interface LedgerBlock {
  blockNumber: number;
  previousHash: string;
  dataHash: string;
  blockHash: string;
  channelHeader: LedgerChannelHeader;
  recordType: string;
  key: string;
  payload: Record<string, unknown>;
}

/** The check of the whole chain, a wire shape of the domain's. */
export type { ChainVerification };

/**
 * Port: the append-only ledger of the grain quality channel. Embedded default: a hash-chained table in
 * the database. Real: Hyperledger Fabric through the gateway.
 */
export interface Ledger extends Described {
  readonly channel: string;
  append(entry: LedgerEntry): Promise<LedgerReceipt>;
  /** Several entries in order, as one write where the ledger allows it; receipts in the same order. */
  appendMany(entries: LedgerEntry[]): Promise<LedgerReceipt[]>;
  findByKey(key: string): Promise<LedgerBlock | null>;
  lastBlock(): Promise<LedgerBlock | null>;
  /** Newest first, keyset paged by block number. */
  blocks(opts?: { before?: number; limit?: number }): Promise<LedgerBlock[]>;
  verify(): Promise<ChainVerification>;
  /**
   * The same ledger writing through the given store, i.e. inside the caller's database transaction, so
   * an append commits or rolls back with the caller's other writes. Only a ledger kept in the
   * application's own database has it; a separate system (Fabric) cannot join that transaction.
   */
  withinTransaction?(store: LedgerBlockStore): Ledger;
  /**
   * The tx id an entry of this key has, written or not: a ledger whose ids derive from the key alone
   * has it (the embedded one), so a caller can record the id before the append and take the ledger's
   * lock last. Fabric's ids are made by the client at submit: it has none.
   */
  txIdOf?(key: string): string;
}

export const GRAIN_CHANNEL = 'grainquality';
export const GRAIN_CONTRACT = 'grainquality';
