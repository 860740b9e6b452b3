import type { CertificateActivityContract } from '@grain/domain';
import type { ActivityDeps } from '../deps';
import { commitBatchActivity } from './commit-batch';
import { generatePdfActivity } from './generate-pdf';

/**
 * The certificate's activities: a batch's commit (ledger, read model and mails; commit-batch.ts) and
 * the issued certificate's PDF with its credential (generate-pdf.ts).
 */
export function createCertificateActivities(deps: ActivityDeps): CertificateActivityContract {
  return {
    commitCertificateBatch: commitBatchActivity(deps),
    generateCertificatePdf: generatePdfActivity(deps),
  };
}
export type CertificateActivities = CertificateActivityContract;
