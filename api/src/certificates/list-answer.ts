import { toggleCounts, type CertificateListAnswer } from '@grain/domain';
import type { CertificatePageText } from '@grain/persistence';

/**
 * GET company/approvals' answer (CertificateListAnswer) as text: the page's stored cards are written into
 * it as they are (no parse, no stringify of 20 cards per request), around the counts and the cursor.
 */
export function listAnswerText(page: Required<CertificatePageText>): string {
  const rest: Omit<CertificateListAnswer, 'approval_list'> = { counts: toggleCounts(page.counts), nextCursor: page.next };
  return `{"approval_list":[${page.cards}],${JSON.stringify(rest).slice(1)}`;
}
