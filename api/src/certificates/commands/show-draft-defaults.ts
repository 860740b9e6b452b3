/** What the certificate form starts with: the next free number and the company's active signers. */
import type { CertificateFormInfo } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { signerOf } from '../support/resolve-input';

/** Today as yyyymmdd, followed by 1 - or 2, 3, ... when the company already used it. */
const todayPrefix = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

export async function showDraftDefaults({ caller }: { caller: Caller }, { stores }: CertificateCommandDeps): Promise<CertificateFormInfo> {
  const users = await stores.users.listByCompany(caller.companyId);
  const signers = users
    .filter((u) => u.status === 'active')
    .map(signerOf)
    .map((s) => ({ _id: s.id, fullName: s.name, email: s.email, role: s.role }));
  // the farm picker marks the records other certificates hold (one lot, one certificate)
  const farmRecordsInUse = (await stores.certificates.farmRecordUses(caller.companyId)).map((u) => ({
    farmRecordId: u.farmRecordId,
    approvalNumber: u.approvalNumber,
    status: u.status,
  }));
  return { approvalNumber: await stores.certificates.nextFreeNumber(caller.companyId, todayPrefix()), signers, farmRecordsInUse };
}
