import Fuse from 'fuse.js';
import { FUZZY_THRESHOLD, toggleOf, type CertificateListCard, type Toggle } from '@grain/domain';

/**
 * What the list shows: certificates under one of the active toggles, then (when a query is typed)
 * a fuzzy match over number and name at the spec's threshold 0.05 (docs/spec/approvals.md §2, §9).
 */
export function filterApprovals(items: CertificateListCard[], active: readonly Toggle[], query: string): CertificateListCard[] {
  const shown = items.filter((a) => {
    const t = toggleOf(a);
    return t !== null && active.includes(t);
  });
  const q = query.trim();
  if (!q) return shown;
  const fuse = new Fuse(shown, { keys: ['approvalNumber', 'approvalName'], threshold: FUZZY_THRESHOLD, ignoreLocation: true });
  return fuse.search(q).map((r) => r.item);
}
