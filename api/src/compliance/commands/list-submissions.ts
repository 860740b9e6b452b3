/** The company's submissions, each with its establishment document (the farm) and its creator's name. */
import type { ComplianceDocumentRow, ComplianceRow } from '@grain/persistence';
import { mustHoldFor } from '../support/access';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export interface SubmissionListed {
  submission: ComplianceRow;
  establishment: ComplianceDocumentRow | null;
  /** The Creator column shows a name; the spec's list only carried the raw user_id (kept as well). */
  creatorName: string | undefined;
}

export async function listSubmissions({ caller }: { caller: ComplianceCaller }, deps: ComplianceCommandDeps): Promise<SubmissionListed[]> {
  await mustHoldFor(deps.stores, caller, 'viewDocument');
  const { compliance, users } = deps.stores;
  const rows = await compliance.list(caller.companyId);
  const names = new Map<string, string>();
  for (const userId of new Set(rows.map((c) => c.userId))) {
    const u = await users.byIdInCompany(userId, caller.companyId);
    if (u) names.set(userId, `${u.firstname} ${u.lastname}`.trim());
  }
  return Promise.all(
    rows.map(async (c) => ({
      submission: c,
      establishment: c.documents.establishment_update ? await compliance.document(c.documents.establishment_update, caller.companyId) : null,
      creatorName: names.get(c.userId),
    })),
  );
}
