import type { Knex } from 'knex';
import { probeDatabase } from '../db-probe';
import { inTransaction } from '../in-transaction';
import { prepared, preparedResult } from '../certificates/prepared';

/** One row of the embedded ledger's hash chain, as stored. The chaining rules live in the ledger adapter. */
export interface LedgerBlockRow {
  blockNumber: number;
  previousHash: string;
  dataHash: string;
  blockHash: string;
  txId: string;
  channel: string;
  recordType: string;
  key: string;
  payload: Record<string, unknown>;
  headerType: string;
  version: number;
  /** ISO time the block was written; part of the block hash. */
  createdAt: string;
}

/** What an append finds under the lock: the chain's head and the keys already written. */
export interface LedgerAppendState {
  head: { blockNumber: number; blockHash: string } | null;
  known: Map<string, { txId: string; blockNumber: number }>;
}

/**
 * The embedded ledger's table. Appends are serialised: `append` locks the head's row while it reads the
 * head and the keys already present, and inserts the blocks `plan` builds from them, all in one transaction.
 */
export interface LedgerBlockStore {
  ping(): Promise<void>;
  byKey(key: string): Promise<LedgerBlockRow | null>;
  last(): Promise<LedgerBlockRow | null>;
  /** Newest first, `limit` at most 200, optionally below `before`. */
  newestFirst(opts: { before?: number; limit?: number }): Promise<LedgerBlockRow[]>;
  /** Oldest first from block `after + 1`, for walking the whole chain in pages. */
  after(blockNumber: number, limit: number): Promise<LedgerBlockRow[]>;
  append<T>(keys: string[], plan: (state: LedgerAppendState) => { rows: LedgerBlockRow[]; result: T }): Promise<T>;
}

const TABLE = 'ledger_blocks';

function fromRow(r: Record<string, any>): LedgerBlockRow {
  return {
    blockNumber: Number(r.block_number),
    previousHash: r.previous_hash,
    dataHash: r.data_hash,
    blockHash: r.block_hash,
    txId: r.tx_id,
    channel: r.channel,
    recordType: r.record_type,
    key: r.idempotency_key,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    headerType: r.header_type,
    version: Number(r.version),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

function toRow(b: LedgerBlockRow) {
  return {
    block_number: b.blockNumber,
    previous_hash: b.previousHash,
    data_hash: b.dataHash,
    block_hash: b.blockHash,
    tx_id: b.txId,
    channel: b.channel,
    record_type: b.recordType,
    idempotency_key: b.key,
    payload: b.payload,
    header_type: b.headerType,
    version: b.version,
    created_at: b.createdAt,
  };
}

/**
 * An append's statements (issue 29): fixed texts, so each runs as a named prepared statement, parsed and
 * planned once per connection; the blocks go in as one JSON array whatever their number.
 *
 * The lock is the head's row (migration 078): HEAD_AND_KEYS locks it (a `for update` that waited answers
 * the row as its last writer left it) and reads the keys already written in the same statement; INSERT
 * writes the blocks and moves the head. A key written by an append that committed while this one waited
 * for the lock is not in the keys read (the statement's snapshot is older than its lock): its insert then
 * fails on the key's unique index and rolls back, and the append runs again (here, when the transaction is
 * the append's own; else the caller's transaction fails, and its retry finds the key).
 */
const HEAD_AND_KEYS_SQL = `with head as (select block_number, block_hash from ledger_head where id = 1 for update)
         select true as head, null as idempotency_key, null as tx_id, block_number, block_hash from head
         union all
         select false, idempotency_key, tx_id, block_number, null from ${TABLE} where idempotency_key = any(?::text[])`;
const INSERT_SQL = `with written as (
    insert into ${TABLE} (block_number, previous_hash, data_hash, block_hash, tx_id, channel, record_type, idempotency_key, payload, header_type, version, created_at)
    select x.block_number, x.previous_hash, x.data_hash, x.block_hash, x.tx_id, x.channel, x.record_type, x.idempotency_key, x.payload, x.header_type, x.version, x.created_at
      from jsonb_to_recordset(?::jsonb) as x(block_number int, previous_hash text, data_hash text, block_hash text, tx_id text, channel text, record_type text,
           idempotency_key text, payload jsonb, header_type text, version int, created_at timestamptz)
    returning 1)
  update ledger_head set block_number = ?, block_hash = ? where id = 1`;

/** How often an append of its own runs again after another append wrote one of its keys first. */
const KEY_RACE_RETRIES = 3;

function isKeyRace(e: unknown): boolean {
  const err = e as { code?: string; constraint?: string };
  return err?.code === '23505' && !!err.constraint?.startsWith(TABLE);
}

export class KnexLedgerBlockStore implements LedgerBlockStore {
  constructor(private readonly k: Knex) {}

  /** The database probe's answer, asked with this table: a busy database is up, a stuck or failing one is not. */
  async ping() {
    const p = await probeDatabase(this.k, `select 1 from ${TABLE} limit 1`);
    if (!p.ok) throw new Error(p.error);
  }
  async byKey(key: string) {
    const r = await this.k(TABLE).where({ idempotency_key: key }).first();
    return r ? fromRow(r) : null;
  }
  async last() {
    const r = await this.k(TABLE).orderBy('block_number', 'desc').first();
    return r ? fromRow(r) : null;
  }
  async newestFirst(opts: { before?: number; limit?: number }) {
    let q = this.k(TABLE)
      .orderBy('block_number', 'desc')
      .limit(Math.min(opts.limit ?? 20, 200));
    if (opts.before !== undefined) q = q.where('block_number', '<', opts.before);
    return (await q).map(fromRow);
  }
  async after(blockNumber: number, limit: number) {
    return (await this.k(TABLE).where('block_number', '>', blockNumber).orderBy('block_number').limit(limit)).map(fromRow);
  }

  /**
   * One statement that locks the head and reads it with the first 1,000 known keys, one more look-up per
   * further 1,000 keys, and one insert per 500 blocks that moves the head.
   */
  async append<T>(keys: string[], plan: (state: LedgerAppendState) => { rows: LedgerBlockRow[]; result: T }): Promise<T> {
    const once = () => inTransaction(this.k, (trx) => this.appendIn(trx, keys, plan));
    if (this.k.isTransaction) return once();
    for (let attempt = 0; ; attempt++) {
      try {
        return await once();
      } catch (e) {
        if (attempt >= KEY_RACE_RETRIES || !isKeyRace(e)) throw e;
      }
    }
  }

  private async appendIn<T>(trx: Knex.Transaction, keys: string[], plan: (state: LedgerAppendState) => { rows: LedgerBlockRow[]; result: T }): Promise<T> {
    const known = new Map<string, { txId: string; blockNumber: number }>();
    const unique = [...new Set(keys)];
    const first = await preparedResult<{
      head: boolean;
      idempotency_key: string;
      tx_id: string;
      block_number: string | number | null;
      block_hash: string | null;
    }>(trx, HEAD_AND_KEYS_SQL, [unique.slice(0, 1000)]);
    let head: LedgerAppendState['head'] = null;
    for (const r of first.rows) {
      if (!r.head) known.set(r.idempotency_key, { txId: r.tx_id, blockNumber: Number(r.block_number) });
      else if (r.block_number !== null && r.block_hash) head = { blockNumber: Number(r.block_number), blockHash: r.block_hash };
    }
    for (let i = 1000; i < unique.length; i += 1000) {
      const rows = await trx(TABLE)
        .whereIn('idempotency_key', unique.slice(i, i + 1000))
        .select('idempotency_key', 'tx_id', 'block_number');
      for (const r of rows) known.set(r.idempotency_key, { txId: r.tx_id, blockNumber: Number(r.block_number) });
    }
    const { rows, result } = plan({ head, known });
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const last = chunk[chunk.length - 1];
      await prepared(trx, INSERT_SQL, [JSON.stringify(chunk.map(toRow)), last.blockNumber, last.blockHash]);
    }
    return result;
  }
}
