import { DEFAULT_GRAIN_TYPE, DEFAULT_HARVEST_GRADE, farmDataInputSchemaFor, toDisplayDate } from '@grain/domain';

/** One harvesting record as typed by hand (every value as the field holds it). */
export interface FarmEntry {
  grainType: string;
  harvestGrade: string;
  storageLocation: string;
  quantity: string;
  protein: string;
  moisture: string;
  productionDate: string;
}

/** A new entry: the default grain and grade, produced today (the company's calendar day, as dd/MM/yyyy). */
export function newFarmEntry(today: string): FarmEntry {
  return {
    grainType: DEFAULT_GRAIN_TYPE,
    harvestGrade: DEFAULT_HARVEST_GRADE,
    storageLocation: '',
    quantity: '',
    protein: '',
    moisture: '',
    productionDate: toDisplayDate(today),
  };
}

/**
 * What is wrong with the entry, by field: the message code of the domain's rule the server checks too (a
 * production date after `today` cannot be true). Empty when it may be saved.
 */
export function farmEntryErrors(v: FarmEntry, today: string): Record<string, string> {
  const parsed = farmDataInputSchemaFor(today).safeParse({ ...v, dataType: 'Manual' });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}
