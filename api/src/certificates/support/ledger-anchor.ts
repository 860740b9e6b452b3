import type { CertificateState, LedgerAnchor } from '@grain/domain';
import type { CertificateCommandDeps } from '../commands/command-deps';

/** The completion block: its key is `<workflow id>:<version>:completion`, the version being the one that completed. */
export async function ledgerAnchor(deps: Pick<CertificateCommandDeps, 'ledger'>, s: CertificateState): Promise<LedgerAnchor | null> {
  if (s.status !== 'done') return null;
  for (let v = s.version; v > 0 && v >= s.version - 10; v--) {
    const b = await deps.ledger.findByKey(`${s.workflowId}:${v}:completion`).catch(() => null);
    if (b) return { txId: b.channelHeader.tx_id, blockNumber: b.blockNumber, blockHash: b.blockHash, timestamp: b.channelHeader.timestamp };
  }
  return null;
}
