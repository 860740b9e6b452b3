/** The list's answer written as text is the contract's object to the byte (CertificateListAnswer, key order too). */
import { toggleCounts, type CertificateListAnswer, type CertificateListStatus } from '@grain/domain';
import { listAnswerText } from './list-answer';

const counts = (o: Partial<Record<CertificateListStatus, number>>): Record<CertificateListStatus, number> => ({
  created: 0,
  signing: 0,
  pending: 0,
  rejected: 0,
  done: 0,
  cancelled: 0,
  overdue: 0,
  ...o,
});
const card = { _id: 'c-1', approval_name: 'Lot "1"' };
const expected = (c: Record<CertificateListStatus, number>, next: string | null) =>
  JSON.stringify({ approval_list: [card], counts: toggleCounts(c), nextCursor: next } satisfies Omit<CertificateListAnswer, 'approval_list'> & {
    approval_list: unknown[];
  });

describe('listAnswerText', () => {
  it('writes the page, the toggle counts and the cursor as JSON.stringify of the answer would', () => {
    const shared = Object.freeze(counts({ created: 2, signing: 1, overdue: 3, done: 4 }));
    for (const next of [null, 'WyJhIiwiYiJd']) {
      expect(listAnswerText({ cards: JSON.stringify(card), next, counts: shared })).toBe(expected(shared, next));
      expect(listAnswerText({ cards: JSON.stringify(card), next, counts: shared })).toBe(expected(shared, next)); // written before: the same
    }
  });

  it('writes counts that are not shared (not frozen) from their values at each call', () => {
    const mine = counts({ created: 1 });
    expect(listAnswerText({ cards: JSON.stringify(card), next: null, counts: mine })).toBe(expected(mine, null));
    mine.created = 5;
    expect(listAnswerText({ cards: JSON.stringify(card), next: null, counts: mine })).toBe(expected(mine, null));
  });
});
