import { log } from '@temporalio/activity';
import { certificateLiveMessage, type CertificateState } from '@grain/domain';
import type { Stores } from '@grain/persistence';

/** Tells the company's open pages that the read model moved forward (after commit). */
export async function publishIfApplied(live: Stores['live'], state: CertificateState, applied: boolean) {
  if (!applied) return;
  await live.publish(certificateLiveMessage(state)).catch((e) => log.warn('live publish failed', { certificateId: state.id, error: String(e) })); // live is best effort; pages also poll
}
