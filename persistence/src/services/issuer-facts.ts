/**
 * What the issued certificate states beyond its own state: who issues it and the farm record's own facts
 * (number, production date, ledger transaction). The issuer is frozen when the certificate is issued (the
 * PDF activity records it with the seal that sealed it, issue 26 item 10): the public page, the credential
 * and the checks read that, never the company as it is later. The farm record is fixed by then too (it is
 * on the ledger before its certificate can be submitted). Whether the company had open critical corrective
 * actions is frozen on the first read after issue (the PDF render at issue).
 */
import {
  addressLine,
  didWebOf,
  formatTaxNumber,
  isIdentityVerified,
  issuerRegistration,
  type CertificateState,
  type FrozenIssuer,
  type IssuerFacts,
} from '@grain/domain';
import type { Stores } from '../stores';

/** The company as an issuer now: name, address, registration, whether verified, its did:web. */
export async function liveIssuer(stores: Pick<Stores, 'companies'>, companyId: string): Promise<FrozenIssuer | undefined> {
  const company = await stores.companies.byId(companyId);
  if (!company) return undefined;
  const address = company.addressId ? await stores.companies.address({ companyId, userId: '' }, company.addressId) : null;
  const reg = issuerRegistration(company.tfn);
  return {
    name: company.name,
    ...(address && { address: addressLine(address) }),
    ...(reg
      ? { registration: formatTaxNumber(reg.value), registrationScheme: reg.scheme, registrationNumber: reg.value }
      : company.tfn
        ? { registration: company.tfn }
        : {}),
    verifiedAt: isIdentityVerified(company, company.identity) ? company.identity.verifiedAt : null,
    did: didWebOf(company.website),
  };
}

/** The issuer frozen at issue (the live company for a certificate issued before issuers were frozen, or not yet issued). */
export async function issuerFacts(
  stores: Pick<Stores, 'companies' | 'farmData' | 'certificates' | 'correctiveActions'>,
  s: CertificateState,
): Promise<IssuerFacts> {
  const frozen = s.status === 'done' ? await stores.certificates.frozenIssuer(s.id) : null;
  const issuer = frozen ?? (await liveIssuer(stores, s.companyId));
  const farm = s.approvalDoc ? await stores.farmData.getFarmRecord(s.companyId, s.approvalDoc.id) : null;
  return {
    issuer,
    farmRecord: farm ? { number: farm.number, productionDate: String(farm.productionDate ?? '').slice(0, 10), txId: farm.txId } : undefined,
    // Frozen the first time the issued certificate is read (its PDF is rendered at issue): what was true then.
    ...(s.status === 'done' && { openCriticalActionsAtIssue: await stores.correctiveActions.openCriticalAtIssue(s.id, s.companyId) }),
  };
}
