import { certificateLiveMessage, type CertificateState } from '@grain/domain';
import type { Stores } from '@grain/persistence';

/** Drafts never pass through the workflow (whose read-model activity tells the live channel), so tell it here. */
export function draftChanged(stores: Stores, s: CertificateState, status: string = s.status): Promise<unknown> {
  // a draft is never overdue
  return stores.live.publish(certificateLiveMessage({ ...s, overdue: false }, status)).catch(() => undefined); // best effort: pages also poll
}
