import { canonicalJson } from '@grain/domain';
import { sha256hex as sha256, type LedgerBlockRow, type LedgerBlockStore } from '@grain/persistence';
import type { AdapterInfo } from '../port';
import { GRAIN_CHANNEL, type ChainVerification, type Ledger, type LedgerBlock, type LedgerEntry, type LedgerReceipt } from './ledger';

const GENESIS = '0'.repeat(64);

function blockHash(b: { blockNumber: number; previousHash: string; dataHash: string; txId: string; timestamp: string }) {
  return sha256(`${b.blockNumber}|${b.previousHash}|${b.dataHash}|${b.txId}|${b.timestamp}`);
}

function toBlock(r: LedgerBlockRow): LedgerBlock {
  return {
    blockNumber: r.blockNumber,
    previousHash: r.previousHash,
    dataHash: r.dataHash,
    blockHash: r.blockHash,
    channelHeader: { type: r.headerType, timestamp: r.createdAt, tx_id: r.txId, version: r.version, channel_id: r.channel },
    recordType: r.recordType,
    key: r.key,
    payload: r.payload,
  };
}

/**
 * A hash-chained ledger in the database: each block carries the hash of its payload and of the
 * previous block, so any edit to history breaks `verify()`. The chaining is here; the table and its
 * lock are the ledger block store's.
 */
export class EmbeddedLedger implements Ledger {
  readonly channel = GRAIN_CHANNEL;
  constructor(private readonly store: LedgerBlockStore) {}
  info(): AdapterInfo {
    return { kind: 'embedded', detail: `hash-chained blocks in the database (channel ${this.channel})` };
  }
  async ping() {
    await this.store.ping();
  }

  withinTransaction(store: LedgerBlockStore): EmbeddedLedger {
    return new EmbeddedLedger(store);
  }

  txIdOf(key: string): string {
    return sha256(`${this.channel}|${key}`);
  }

  async append(entry: LedgerEntry): Promise<LedgerReceipt> {
    const existing = await this.findByKey(entry.key);
    if (existing) return { txId: existing.channelHeader.tx_id, blockNumber: existing.blockNumber, created: false };
    return (await this.appendMany([entry]))[0];
  }

  /**
   * Many blocks in one transaction: one lock and one look-up of the keys already written, instead of a
   * lock and five statements per block. Each entry is still its own block, so the chain, `findByKey`
   * and `verify` see no difference.
   */
  async appendMany(entries: LedgerEntry[]): Promise<LedgerReceipt[]> {
    if (entries.length === 0) return [];
    return this.store.append(
      entries.map((e) => e.key),
      ({ head, known }) => {
        let blockNumber = head ? head.blockNumber : -1;
        let previousHash = head ? head.blockHash : GENESIS;
        const timestamp = new Date().toISOString();
        const rows: LedgerBlockRow[] = [];
        const result = entries.map((entry): LedgerReceipt => {
          const seen = known.get(entry.key);
          if (seen) return { ...seen, created: false };
          blockNumber++;
          const dataHash = sha256(canonicalJson({ type: entry.type, key: entry.key, payload: entry.payload }));
          const txId = this.txIdOf(entry.key);
          const hash = blockHash({ blockNumber, previousHash, dataHash, txId, timestamp });
          rows.push({
            blockNumber,
            previousHash,
            dataHash,
            blockHash: hash,
            txId,
            channel: this.channel,
            recordType: entry.type,
            key: entry.key,
            payload: entry.payload,
            headerType: 'ENDORSER_TRANSACTION',
            version: 1,
            createdAt: timestamp,
          });
          previousHash = hash;
          known.set(entry.key, { txId, blockNumber });
          return { txId, blockNumber, created: true };
        });
        return { rows, result };
      },
    );
  }

  async findByKey(key: string) {
    const r = await this.store.byKey(key);
    return r ? toBlock(r) : null;
  }
  async lastBlock() {
    const r = await this.store.last();
    return r ? toBlock(r) : null;
  }
  async blocks(opts: { before?: number; limit?: number } = {}) {
    return (await this.store.newestFirst(opts)).map(toBlock);
  }

  async verify(): Promise<ChainVerification> {
    let previous = GENESIS;
    let checked = 0;
    let after = -1;
    for (;;) {
      const rows = await this.store.after(after, 1000);
      if (rows.length === 0) break;
      for (const r of rows) {
        const b = toBlock(r);
        if (b.blockNumber !== after + 1) return { ok: false, checked, brokenAt: b.blockNumber, reason: 'missing block before this one' };
        if (b.previousHash !== previous) return { ok: false, checked, brokenAt: b.blockNumber, reason: 'previous hash does not match' };
        const dataHash = sha256(canonicalJson({ type: b.recordType, key: b.key, payload: b.payload }));
        if (dataHash !== b.dataHash) return { ok: false, checked, brokenAt: b.blockNumber, reason: 'data hash does not match the payload' };
        const recomputed = blockHash({
          blockNumber: b.blockNumber,
          previousHash: b.previousHash,
          dataHash,
          txId: b.channelHeader.tx_id,
          timestamp: b.channelHeader.timestamp,
        });
        if (recomputed !== b.blockHash) return { ok: false, checked, brokenAt: b.blockNumber, reason: 'block hash does not match' };
        previous = b.blockHash;
        after = b.blockNumber;
        checked++;
      }
    }
    return { ok: true, checked };
  }
}
