import { toggleCounts, type CertificateListAnswer, type CertificateListStatus } from '@grain/domain';
import type { CertificatePageText } from '@grain/persistence';

type Counts = CertificatePageText['counts'] & object;

/**
 * The answer's `"counts":{...}` member per counts object: the store answers a company's unchanged counts
 * as one frozen object (CertificateStore.listText), so they are summed into toggles and written once,
 * not for every page answered.
 */
const countsMembers = new WeakMap<Readonly<Record<CertificateListStatus, number>>, string>();

function countsMember(counts: Counts): string {
  let text = countsMembers.get(counts);
  if (text === undefined) {
    const member: Pick<CertificateListAnswer, 'counts'> = { counts: toggleCounts(counts) };
    text = JSON.stringify(member).slice(1, -1);
    if (Object.isFrozen(counts)) countsMembers.set(counts, text);
  }
  return text;
}

/**
 * GET company/approvals' answer (CertificateListAnswer) as text: the page's stored cards are written into
 * it as they are (no parse, no stringify of 20 cards per request), around the counts and the cursor.
 */
export function listAnswerText(page: Required<CertificatePageText>): string {
  const next: CertificateListAnswer['nextCursor'] = page.next;
  return `{"approval_list":[${page.cards}],${countsMember(page.counts)},"nextCursor":${JSON.stringify(next)}}`;
}
