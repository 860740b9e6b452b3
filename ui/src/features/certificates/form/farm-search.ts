import Fuse from 'fuse.js';
import { FUZZY_THRESHOLD } from '@grain/domain';

/** The most farm records the picker lists at once. */
const SHOWN_AT_MOST = 20;

/** What the picker searches a farm record by. */
interface Searchable {
  number: string;
  grainType: string;
  storageLocation: string;
  harvestGrade: string;
}

/**
 * The farm records the picker lists for a typed search: the first 20 when nothing is typed, else the
 * first 20 that match it loosely (number, grain type, storage location, grade; best match first).
 */
export function searchFarmRecords<R extends Searchable>(records: R[], query: string): R[] {
  const q = query.trim();
  if (!q) return records.slice(0, SHOWN_AT_MOST);
  return new Fuse(records, { keys: ['number', 'grainType', 'storageLocation', 'harvestGrade'], threshold: FUZZY_THRESHOLD, ignoreLocation: true })
    .search(q)
    .map((r) => r.item)
    .slice(0, SHOWN_AT_MOST);
}
