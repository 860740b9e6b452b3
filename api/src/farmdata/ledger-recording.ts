import type { Ledger } from '@grain/adapters';
import type { FarmData } from '@grain/domain';
import type { FarmDataStore } from '@grain/persistence';

export const farmLedgerKey = (id: string) => `farm_data:${id}`;

/**
 * Writes each saved record to the ledger (one block per record, keyed by its id so a retry never
 * writes twice) and stores the tx id on the record. Runs after the records' transaction commits: a
 * record is never on the chain without being in the database. A failed append leaves the record with
 * no tx id; `recordPending` picks it up on the next list.
 */
export async function recordOnLedger(ledger: Ledger, store: FarmDataStore, companyId: string, records: FarmData[]): Promise<FarmData[]> {
  const out: FarmData[] = [];
  for (const r of records) {
    try {
      const receipt = await ledger.append({
        key: farmLedgerKey(r._id), type: 'farm_data',
        payload: {
          id: r._id, companyId, number: r.number, stage: r.stage, grainType: r.grainType, harvestGrade: r.harvestGrade,
          storageLocation: r.storageLocation, quantity: r.quantity, protein: r.protein, moisture: r.moisture,
          productionDate: r.productionDate, dataType: r.dataType, uploadUser: r.uploadUser,
        },
      });
      await store.setLedgerReceipt(companyId, r._id, receipt.txId, receipt.blockNumber);
      out.push({ ...r, txId: receipt.txId, blockNumber: receipt.blockNumber, status: r.dataType === 'Streaming' ? 'Saved' : r.status });
    } catch (e) {
      console.error(`[farmdata] ledger append for ${r._id} failed:`, (e as Error).message);
      out.push(r);
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
