import { AppError, type Permission } from '@grain/domain';
import type { ComplianceRow, Stores } from '@grain/persistence';
import { mustHold } from '../../http/access';
import type { ComplianceCaller } from '../commands/command-deps';

/** Reading (form, list, detail, report) needs viewDocument; uploading, reviewing and the audit editDocument (logged, 403). */
export const mustHoldFor = (stores: Stores, caller: ComplianceCaller, p: Extract<Permission, 'viewDocument' | 'editDocument'>) =>
  mustHold(stores.authLog, caller, p);

/**
 * A submission of the caller's company; `create` makes it on first use (the create form hands out its
 * id). Another company's answers NOT_FOUND, as a missing one does.
 */
export async function ownSubmission(stores: Stores, caller: ComplianceCaller, id: string, create = false): Promise<ComplianceRow> {
  const c = create
    ? await stores.compliance.ensure(id, { companyId: caller.companyId, userId: caller.access.id })
    : await stores.compliance.byId(id, caller.companyId);
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}

/** A submission still open to uploads and reviews: not audited, no audit running. */
export function assertOpen(c: ComplianceRow): void {
  if (c.status === 'audited') throw new AppError('COMPLIANCE_ALREADY_AUDITED');
  if (c.status === 'auditing') throw new AppError('COMPLIANCE_AUDIT_RUNNING');
}
