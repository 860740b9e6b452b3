/**
 * What the issued certificate states beyond its own state: who issues it and the farm record's own facts
 * (number, production date, ledger transaction). Read when the PDF is rendered and when the public verify
 * page shows the certificate; both are fixed by then (the record is on the ledger before its certificate
 * can be submitted). Whether the company had open critical corrective actions is frozen on the first
 * read after issue (the PDF render at issue).
 */
import { addressLine, type CertificateState, type IssuerFacts } from '@grain/domain';
import type { Stores } from '../stores';

export async function issuerFacts(stores: Pick<Stores, 'companies' | 'farmData' | 'correctiveActions'>, s: CertificateState): Promise<IssuerFacts> {
  const company = await stores.companies.byId(s.companyId);
  const address = company?.addressId ? await stores.companies.address({ companyId: s.companyId, userId: '' }, company.addressId) : null;
  const farm = s.approvalDoc ? await stores.farmData.getFarmRecord(s.companyId, s.approvalDoc.id) : null;
  return {
    issuer: company
      ? {
          name: company.name,
          ...(address && { address: addressLine(address) }),
          ...(company.tfn && { registration: company.tfn }),
        }
      : undefined,
    farmRecord: farm ? { number: farm.number, productionDate: String(farm.productionDate ?? '').slice(0, 10), txId: farm.txId } : undefined,
    // Frozen the first time the issued certificate is read (its PDF is rendered at issue): what was true then.
    ...(s.status === 'done' && { openCriticalActionsAtIssue: await stores.correctiveActions.openCriticalAtIssue(s.id, s.companyId) }),
  };
}
