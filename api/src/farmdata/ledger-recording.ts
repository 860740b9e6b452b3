import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Ledger, LedgerEntry } from '@grain/adapters';
import type { FarmData } from '@grain/domain';
import type { FarmDataStore } from '@grain/persistence';

const farmLedgerKey = (id: string) => `farm_data:${id}`;

const LEDGER_BATCH = 500;

const ledgerEntry = (companyId: string, r: FarmData): LedgerEntry => ({
  key: farmLedgerKey(r._id),
  type: 'farm_data',
  payload: {
    id: r._id,
    companyId,
    number: r.number,
    stage: r.stage,
    grainType: r.grainType,
    harvestGrade: r.harvestGrade,
    storageLocation: r.storageLocation,
    quantity: r.quantity,
    protein: r.protein,
    moisture: r.moisture,
    productionDate: r.productionDate,
    dataType: r.dataType,
    uploadUser: r.uploadUser,
  },
});

/**
 * Writes each saved record to the ledger (one block per record, keyed by its id so a retry never
 * writes twice) and stores the tx id on the record. Records go in batches: one ledger write and one
 * receipt update per batch, with a turn of the event loop between batches. Runs after the records'
 * transaction commits: a record is never on the chain without being in the database. A failed batch
 * leaves its records with no tx id; `recordPending` picks them up at the company's next farm record
 * write (a list only reads).
 */
export async function recordOnLedger(ledger: Ledger, store: FarmDataStore, companyId: string, records: FarmData[]): Promise<FarmData[]> {
  const out: FarmData[] = [];
  for (let i = 0; i < records.length; i += LEDGER_BATCH) {
    if (i > 0) await nextTurn();
    const batch = records.slice(i, i + LEDGER_BATCH);
    try {
      const receipts = await ledger.appendMany(batch.map((r) => ledgerEntry(companyId, r)));
      await store.setLedgerReceipts(
        companyId,
        batch.map((r, j) => ({ id: r._id, txId: receipts[j].txId, blockNumber: receipts[j].blockNumber })),
      );
      batch.forEach((r, j) =>
        out.push({ ...r, txId: receipts[j].txId, blockNumber: receipts[j].blockNumber, status: r.dataType === 'Streaming' ? 'Saved' : r.status }),
      );
    } catch (e) {
      console.error(`[farmdata] ledger append for ${batch.length} record(s) from ${batch[0]._id} failed:`, (e as Error).message);
      out.push(...batch);
    }
  }
  return out;
}

/** Retries the ledger for a company's records that have no tx id yet (bounded, oldest first). */
export async function recordPending(ledger: Ledger, store: FarmDataStore, companyId: string): Promise<number> {
  const pending = await store.unrecorded(companyId, 50);
  const done = await recordOnLedger(ledger, store, companyId, pending);
  return done.filter((r) => r.txId).length;
}
