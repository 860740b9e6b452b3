import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { canonicalJson } from '@grain/domain';
import type { AdapterInfo } from '../port';
import { GRAIN_CHANNEL, type ChainVerification, type Ledger, type LedgerBlock, type LedgerEntry, type LedgerReceipt } from './ledger';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const GENESIS = '0'.repeat(64);

function blockHash(b: { blockNumber: number; previousHash: string; dataHash: string; txId: string; timestamp: string }) {
  return sha256(`${b.blockNumber}|${b.previousHash}|${b.dataHash}|${b.txId}|${b.timestamp}`);
}

function toBlock(r: Record<string, any>): LedgerBlock {
  return {
    blockNumber: Number(r.block_number),
    previousHash: r.previous_hash,
    dataHash: r.data_hash,
    blockHash: r.block_hash,
    channelHeader: { type: r.header_type, timestamp: new Date(r.created_at).toISOString(), tx_id: r.tx_id, version: Number(r.version), channel_id: r.channel },
    recordType: r.record_type,
    key: r.idempotency_key,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  };
}

/**
 * A hash-chained ledger in the database: each block carries the hash of its payload and of the
 * previous block, so any edit to history breaks `verify()`. Appends are serialized by a table lock.
 */
export class EmbeddedLedger implements Ledger {
  readonly channel = GRAIN_CHANNEL;
  constructor(private readonly k: Knex) {}
  info(): AdapterInfo {
    return { kind: 'embedded', detail: `hash-chained blocks in the database (channel ${this.channel})` };
  }
  async ping() {
    await this.k('ledger_blocks').count({ n: '*' });
  }

  async append(entry: LedgerEntry): Promise<LedgerReceipt> {
    const existing = await this.findByKey(entry.key);
    if (existing) return { txId: existing.channelHeader.tx_id, blockNumber: existing.blockNumber, created: false };
    return (await this.appendMany([entry]))[0];
  }

  /**
   * Many blocks in one transaction: one lock, one look-up of the keys already written and one insert
   * per 500 blocks, instead of a lock and five statements per block. Each entry is still its own
   * block, so the chain, `findByKey` and `verify` see no difference.
   */
  async appendMany(entries: LedgerEntry[]): Promise<LedgerReceipt[]> {
    if (entries.length === 0) return [];
    return this.k.transaction(async (trx) => {
      await trx.raw('lock table ledger_blocks in exclusive mode');
      const known = new Map<string, LedgerReceipt>();
      const keys = [...new Set(entries.map((e) => e.key))];
      for (let i = 0; i < keys.length; i += 1000) {
        const rows = await trx('ledger_blocks')
          .whereIn('idempotency_key', keys.slice(i, i + 1000))
          .select('idempotency_key', 'tx_id', 'block_number');
        for (const r of rows) known.set(r.idempotency_key, { txId: r.tx_id, blockNumber: Number(r.block_number), created: false });
      }
      const last = await trx('ledger_blocks').orderBy('block_number', 'desc').first('block_number', 'block_hash');
      let blockNumber = last ? Number(last.block_number) : -1;
      let previousHash: string = last ? last.block_hash : GENESIS;
      const timestamp = new Date().toISOString();
      const rows: Array<Record<string, unknown>> = [];
      const receipts = entries.map((entry) => {
        const seen = known.get(entry.key);
        if (seen) return seen.created ? { ...seen, created: false } : seen;
        blockNumber++;
        const dataHash = sha256(canonicalJson({ type: entry.type, key: entry.key, payload: entry.payload }));
        const txId = sha256(`${this.channel}|${entry.key}`);
        const hash = blockHash({ blockNumber, previousHash, dataHash, txId, timestamp });
        rows.push({
          block_number: blockNumber,
          previous_hash: previousHash,
          data_hash: dataHash,
          block_hash: hash,
          tx_id: txId,
          channel: this.channel,
          record_type: entry.type,
          idempotency_key: entry.key,
          payload: JSON.stringify(entry.payload),
          header_type: 'ENDORSER_TRANSACTION',
          version: 1,
          created_at: timestamp,
        });
        previousHash = hash;
        const receipt = { txId, blockNumber, created: true };
        known.set(entry.key, receipt);
        return receipt;
      });
      for (let i = 0; i < rows.length; i += 500) await trx('ledger_blocks').insert(rows.slice(i, i + 500));
      return receipts;
    });
  }

  async findByKey(key: string) {
    const r = await this.k('ledger_blocks').where({ idempotency_key: key }).first();
    return r ? toBlock(r) : null;
  }
  async lastBlock() {
    const r = await this.k('ledger_blocks').orderBy('block_number', 'desc').first();
    return r ? toBlock(r) : null;
  }
  async blocks(opts: { before?: number; limit?: number } = {}) {
    let q = this.k('ledger_blocks')
      .orderBy('block_number', 'desc')
      .limit(Math.min(opts.limit ?? 20, 200));
    if (opts.before !== undefined) q = q.where('block_number', '<', opts.before);
    return (await q).map(toBlock);
  }

  async verify(): Promise<ChainVerification> {
    let previous = GENESIS;
    let checked = 0;
    let after = -1;
    for (;;) {
      const rows = await this.k('ledger_blocks').where('block_number', '>', after).orderBy('block_number').limit(1000);
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
