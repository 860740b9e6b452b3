/**
 * The ledger's answers on the wire (docs/spec/farm-data-and-documents.md §3 Block, §7 event/...),
 * written once: the ledger adapters produce these shapes, the API sends them and the UI reads them.
 */

/** A block's channel header, as Fabric names its fields (the embedded ledger writes the same). */
export interface LedgerChannelHeader {
  type: string;
  timestamp: string;
  tx_id: string;
  version: number;
  channel_id: string;
}

/**
 * A block as the blockchain view shows it. The payload is left out: the channel is shared by every
 * company, and a block's hashes and header are what the view needs.
 */
export interface BlockView {
  blockNumber: number;
  lastBlock: string;
  previousHash: string;
  data_hash: string;
  channelHeader: LedgerChannelHeader;
  recordType: string;
  channel: string;
  contract: string;
}

/** A check of the whole chain: every block's hashes recomputed from its payload. */
export interface ChainVerification {
  ok: boolean;
  checked: number;
  /** First block whose hashes do not recompute, if any. */
  brokenAt?: number;
  reason?: string;
}

/** GET event/blockevents: the channel's last block. */
export interface BlockEventsAnswer {
  block: BlockView | null;
  channel: string;
  contract: string;
}

/** GET event/blocks: newest first, keyset paged by block number. */
export interface BlockListAnswer {
  blocks: BlockView[];
}

/** GET event/verify. */
export interface ChainVerificationAnswer {
  verification: ChainVerification;
}
