import type { CertificateState } from '@grain/domain';
import type { Stores } from '@grain/persistence';

/** Drafts never pass through the workflow (whose read-model activity tells the live channel), so tell it here. */
export function draftChanged(stores: Stores, s: CertificateState, status: string = s.status): Promise<unknown> {
  return stores.live
    .publish({
      companyId: s.companyId,
      type: 'certificate_update',
      data: { id: s.id, approvalNumber: s.approvalNumber, status, stage: s.stage, overdue: false, version: s.version },
    })
    .catch(() => undefined); // best effort: pages also poll
}
