import { evidencePath, type EvidenceView } from '@grain/domain';
import type { EvidenceRow } from '@grain/persistence';

export const evidenceViewOf = (r: EvidenceRow): EvidenceView => ({
  id: r.id,
  fileName: r.fileName,
  mime: r.mime,
  size: r.size,
  sha256: r.sha256,
  url: evidencePath(r.actionId, r.id),
});
