/**
 * Public verification (no login): an issued certificate's levels, signers (with their personal digital
 * signatures or passkey signatures), the ledger anchor, the issued PDF's hash, the facts as issued, any revocation and who
 * issued it (as at issue, with the CA that sealed it), and its entry in the issuer's status list.
 */
import { issuedCertificate, type PublicVerifyAnswer } from '@grain/domain';
import { issuerFacts } from '@grain/persistence';
import type { CertificateCommandDeps } from './command-deps';
import { digitalSignatures, passkeySignatures } from '../support/digital-signatures';
import { findIssued, issuedPdfHash, type IssuedRef } from '../support/find-issued';
import { issuerView } from '../support/issuer-pin';
import { ledgerAnchor } from '../support/ledger-anchor';
import { statusListOf } from '../support/status-list';

export async function verifyIssued({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<PublicVerifyAnswer> {
  const found = await findIssued(deps.stores, ref);
  const s = found.state;
  const facts = await issuerFacts(deps.stores, s);
  const digital = await digitalSignatures(deps.stores, s);
  const passkey = await passkeySignatures(deps.stores, s);
  return {
    approval: {
      approvalNumber: s.approvalNumber,
      approvalName: s.approvalName,
      status: s.status,
      completedDate: s.completedDate,
      contentHash: s.contentHash,
      chainId: s.chainId,
      company: facts.issuer?.name ?? '',
      approvalLevels: s.levels.map((l) => ({
        level: l.level,
        group: l.group,
        status: l.status,
        signed: l.signed.map((e) => ({
          name: e.name,
          at: e.at,
          txId: e.txId,
          ...(e.onBehalfOf ? { onBehalfOf: l.signers.find((x) => x.id === e.onBehalfOf)?.name ?? null } : {}),
          // a signer's personal digital signature, with the certificates to check it
          ...(digital(e) ? { digitalSignature: digital(e) } : {}),
          // or their passkey signature: the assertion, the statement it signs and the passkey's public key
          ...(passkey(e) ? { passkeySignature: passkey(e) } : {}),
        })),
      })),
      ledger: await ledgerAnchor(deps, s),
      pdfSha256: await issuedPdfHash(deps.storage, found),
      issued: issuedCertificate(s, facts),
      revocation: found.revocation,
      issuer: await issuerView(deps, found),
      statusList: await statusListOf(deps, s),
    },
  };
}
