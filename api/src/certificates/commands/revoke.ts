/** Revoke an issued certificate: the ledger records it first, then the read model (certificate revocation.ts). */
import { assertRevocable, revocationLedgerKey, revocationRecord, type CertificateState, type Revocation } from '@grain/domain';
import { publishStatusLists, sealOptionsFor } from '@grain/adapters';
import { issuerFacts } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';

export interface RevokeOptions {
  caller: Caller;
  certificateId: string;
  reason: string;
}

export async function revokeCertificate(
  { caller, certificateId, reason }: RevokeOptions,
  deps: CertificateCommandDeps,
): Promise<{ state: CertificateState; revocation: Revocation }> {
  const s = await loadCertificate(deps.stores, caller, certificateId);
  const why = assertRevocable(s, await deps.stores.certificates.revocationOf(s.companyId, s.id), caller.actor, reason);
  const revocation: Omit<Revocation, 'txId'> = { at: new Date().toISOString(), by: caller.actor.name, byId: caller.actor.id, reason: why };
  // Keyed by the certificate: a retry after a failure below finds the block already written.
  const receipt = await deps.ledger.append({ key: revocationLedgerKey(s.id), type: 'revocation', payload: revocationRecord(s, revocation) });
  const recorded: Revocation = { ...revocation, txId: receipt.txId };
  const block = receipt.created ? null : await deps.ledger.findByKey(revocationLedgerKey(s.id));
  // A block left by an earlier attempt holds that attempt's time, reason and person: the record follows the ledger.
  const stated = block ? { ...recorded, ...(block.payload as Pick<Revocation, 'at' | 'by' | 'byId' | 'reason'>) } : recorded;
  const final: Revocation = { at: stated.at, by: stated.by, byId: stated.byId, reason: stated.reason, txId: receipt.txId };
  await deps.stores.certificates.revoke(s.companyId, s.id, final);
  // its bit in the issuer's W3C status list flips now: every list of the company signed again, by its current seal
  const facts = await issuerFacts(deps.stores, s);
  const seal = await deps.stores.signatures.companySeal(
    { id: s.companyId, name: facts.issuer?.name ?? s.companyId },
    deps.config.caKeySecret,
    sealOptionsFor(deps.config.publicUrl, s.companyId, facts.issuer?.did),
  );
  await publishStatusLists(deps, s.companyId, seal);
  return { state: s, revocation: final };
}
