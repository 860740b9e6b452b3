import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import { FARM_STAGE, isUuid, type FarmData, type FarmDataType, type GrainType, type HarvestFields, type ImageValidationState } from '@grain/domain';

/** The fields of a new record, already validated by the domain rules. */
export interface NewFarmData extends HarvestFields {
  dataType: FarmDataType;
  number?: string;
  item?: string | null;
  streamingUser?: string | null;
}

export interface FarmListOptions {
  dataType?: FarmDataType;
  /** Matches the number, grain type, grade or storage location (case-insensitive). */
  q?: string;
  grainType?: GrainType;
  limit?: number;
  /** Keyset paging: records created before this ISO time. */
  before?: string;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toFarmData(r: Record<string, any>): FarmData {
  return {
    _id: r.id,
    number: r.number,
    stage: r.stage,
    grainType: r.grain_type,
    harvestGrade: r.harvest_grade,
    storageLocation: r.storage_location,
    quantity: Number(r.quantity),
    protein: Number(r.protein),
    moisture: Number(r.moisture),
    imageValidation: r.image_validation as ImageValidationState,
    imageUrl: r.image_url ?? null,
    uploadUser: r.upload_user,
    productionDate: r.production_date,
    modifiedDate: new Date(r.modified_at).toISOString(),
    dataType: r.data_type,
    streamingUser: r.streaming_user ?? null,
    status: r.data_type === 'Streaming' ? (r.tx_id ? 'Saved' : 'Saving') : null,
    item: r.item ?? null,
    txId: r.tx_id ?? null,
    blockNumber: num(r.block_number),
  };
}

/**
 * Harvesting records of a company. Every read and write takes the company id, so one company can
 * never see or touch another's records. `number` defaults to the creation time in milliseconds
 * (docs/spec/farm-data-and-documents.md §3), suffixed within a batch so numbers stay unique per company.
 */
export interface FarmDataStore {
  create(companyId: string, userId: string, d: NewFarmData): Promise<FarmData>;
  /** All rows or none (one transaction); numbers are the batch's time suffixed by position. */
  createMany(companyId: string, userId: string, rows: NewFarmData[]): Promise<FarmData[]>;
  /** Newest first, at most `limit` (500 by default, 2000 at the most). */
  list(companyId: string, opts?: FarmListOptions): Promise<FarmData[]>;
  /** One record of the company, or null (also null for another company's record or a malformed id). */
  getFarmRecord(companyId: string, id: string): Promise<FarmData | null>;
  /** For pickers (e.g. the certificate's primary document): by number prefix or grain type. */
  searchFarmRecords(companyId: string, opts?: { q?: string; grainType?: GrainType; limit?: number }): Promise<FarmData[]>;
  setLedgerReceipt(companyId: string, id: string, txId: string, blockNumber: number): Promise<void>;
  /** Ledger receipts of many records in one statement. */
  setLedgerReceipts(companyId: string, receipts: Array<{ id: string; txId: string; blockNumber: number }>): Promise<void>;
  /** Records saved but not yet on the ledger (a failed or interrupted append), oldest first. */
  unrecorded(companyId: string, limit?: number): Promise<FarmData[]>;
  /** Whether the record's grain photo passed verification (gates certificate submit). */
  isImageVerified(companyId: string, farmDataId: string): Promise<boolean>;
}

export class KnexFarmDataStore implements FarmDataStore {
  constructor(private readonly k: Knex) {}

  private row(companyId: string, userId: string, d: NewFarmData, number: string, batch: string | null) {
    return {
      id: randomUUID(),
      company_id: companyId,
      number,
      stage: FARM_STAGE,
      grain_type: d.grainType,
      harvest_grade: d.harvestGrade,
      storage_location: d.storageLocation,
      quantity: d.quantity,
      protein: d.protein,
      moisture: d.moisture,
      production_date: d.productionDate,
      data_type: d.dataType,
      item: d.item ?? null,
      upload_user: userId,
      streaming_user: d.streamingUser ?? null,
      upload_batch: batch,
    };
  }

  async create(companyId: string, userId: string, d: NewFarmData): Promise<FarmData> {
    const [r] = await this.k('farm_data')
      .insert(this.row(companyId, userId, d, d.number ?? String(Date.now()), null))
      .returning('*');
    return toFarmData(r);
  }

  /**
   * All rows or none: one transaction, so a failing row leaves nothing behind. Inserted 500 at a
   * time with a turn of the event loop between, so a large file never holds the process in one go.
   */
  async createMany(companyId: string, userId: string, rows: NewFarmData[]): Promise<FarmData[]> {
    const batch = randomUUID();
    const base = String(Date.now());
    const width = String(rows.length).length;
    return this.k.transaction(async (trx) => {
      const out: FarmData[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500).map((d, j) => this.row(companyId, userId, d, `${base}${String(i + j + 1).padStart(width, '0')}`, batch));
        const inserted = await trx('farm_data').insert(chunk).returning('*');
        out.push(...inserted.map(toFarmData));
        if (i + 500 < rows.length) await nextTurn();
      }
      return out;
    });
  }

  async list(companyId: string, opts: FarmListOptions = {}): Promise<FarmData[]> {
    let q = this.k('farm_data')
      .where({ company_id: companyId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'number', order: 'desc' },
      ])
      .limit(Math.min(Math.max(opts.limit ?? 500, 1), 2000));
    if (opts.dataType) q = q.where({ data_type: opts.dataType });
    if (opts.grainType) q = q.where({ grain_type: opts.grainType });
    if (opts.before) q = q.where('created_at', '<', opts.before);
    if (opts.q) {
      const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((w) =>
        w.whereILike('number', like).orWhereILike('grain_type', like).orWhereILike('harvest_grade', like).orWhereILike('storage_location', like),
      );
    }
    return (await q).map(toFarmData);
  }

  async getFarmRecord(companyId: string, id: string): Promise<FarmData | null> {
    if (!isUuid(id)) return null;
    const r = await this.k('farm_data').where({ company_id: companyId, id }).first();
    return r ? toFarmData(r) : null;
  }

  async searchFarmRecords(companyId: string, opts: { q?: string; grainType?: GrainType; limit?: number } = {}): Promise<FarmData[]> {
    return this.list(companyId, { q: opts.q, grainType: opts.grainType, limit: opts.limit ?? 20 });
  }

  async setLedgerReceipt(companyId: string, id: string, txId: string, blockNumber: number): Promise<void> {
    await this.k('farm_data').where({ company_id: companyId, id }).update({ tx_id: txId, block_number: blockNumber });
  }

  async isImageVerified(companyId: string, farmDataId: string): Promise<boolean> {
    if (!isUuid(farmDataId)) return false;
    const r = await this.k('farm_data').where({ company_id: companyId, id: farmDataId }).first('image_validation');
    return r?.image_validation === 'Verified';
  }

  async setLedgerReceipts(companyId: string, receipts: Array<{ id: string; txId: string; blockNumber: number }>): Promise<void> {
    for (let i = 0; i < receipts.length; i += 500) {
      const chunk = receipts.slice(i, i + 500);
      await this.k.raw(
        `update farm_data as f set tx_id = v.tx_id, block_number = v.block_number
           from (values ${chunk.map(() => '(?::uuid, ?, ?::integer)').join(', ')}) as v(id, tx_id, block_number)
          where f.company_id = ? and f.id = v.id`,
        [...chunk.flatMap((r) => [r.id, r.txId, r.blockNumber]), companyId],
      );
    }
  }

  async unrecorded(companyId: string, limit = 100): Promise<FarmData[]> {
    const rows = await this.k('farm_data').where({ company_id: companyId }).whereNull('tx_id').orderBy('created_at').limit(limit);
    return rows.map(toFarmData);
  }
}
