import { Context, Contract, Info, Returns, Transaction } from 'fabric-contract-api';

/** The record types the application writes (kept in step with LedgerRecordType in @grain/adapters). */
const RECORD_TYPES = new Set(['signature', 'rejection', 'delegation', 'completion', 'submission', 'farm_data', 'compliance_report', 'revocation']);

interface StoredEntry {
  key: string;
  type: string;
  payload: Record<string, unknown>;
  /** The transaction that first wrote the key; a retry answers with this one. */
  txId: string;
  timestamp: string;
}

/**
 * The grain quality contract. Every record is stored under its idempotency key, so a retried append
 * (an activity retry after a timeout, a peer restart) reads the existing record instead of writing
 * a second one; the answer says which transaction wrote it.
 */
@Info({ title: 'GrainQualityContract', description: 'Append-only records of grain quality certificates' })
export class GrainQualityContract extends Contract {
  constructor() {
    super('GrainQualityContract');
  }

  private stateKey(ctx: Context, key: string): string {
    return ctx.stub.createCompositeKey('entry', [key]);
  }

  /** Writes the record unless its key is already on the ledger; returns the stored record + `created`. */
  @Transaction()
  @Returns('string')
  public async RecordEntry(ctx: Context, key: string, type: string, payloadJson: string): Promise<string> {
    if (!key) throw new Error('RecordEntry: key is required');
    if (!RECORD_TYPES.has(type)) throw new Error(`RecordEntry: unknown record type "${type}"`);
    let payload: unknown;
    try {
      payload = JSON.parse(payloadJson);
    } catch {
      throw new Error('RecordEntry: payload is not JSON');
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('RecordEntry: payload must be a JSON object');
    const stateKey = this.stateKey(ctx, key);
    const existing = await ctx.stub.getState(stateKey);
    if (existing && existing.length > 0) {
      return JSON.stringify({ ...(JSON.parse(existing.toString()) as StoredEntry), created: false });
    }
    // The proposal timestamp is the same on every endorser, so the write set is deterministic.
    const entry: StoredEntry = {
      key, type, payload: payload as Record<string, unknown>, txId: ctx.stub.getTxID(), timestamp: ctx.stub.getDateTimestamp().toISOString(),
    };
    await ctx.stub.putState(stateKey, Buffer.from(JSON.stringify(entry)));
    ctx.stub.setEvent('EntryRecorded', Buffer.from(JSON.stringify({ key, type, txId: entry.txId })));
    return JSON.stringify({ ...entry, created: true });
  }

  /** The stored record for a key, or an empty string when the key was never written. */
  @Transaction(false)
  @Returns('string')
  public async GetEntry(ctx: Context, key: string): Promise<string> {
    const existing = await ctx.stub.getState(this.stateKey(ctx, key));
    return existing && existing.length > 0 ? existing.toString() : '';
  }

  /** Cheap liveness check of the whole path (gateway, peer, chaincode service). */
  @Transaction(false)
  @Returns('string')
  public async Ping(_ctx: Context): Promise<string> {
    return 'ok';
  }
}
