import { X509Certificate } from 'node:crypto';
import type { CertificateActivityContract, CertificatePdfRequest, CertificateState } from '@grain/domain';
import { issuedCertificate, recordPdf, type FrozenIssuer } from '@grain/domain';
import { issueCredential, sealOptionsFor, sealPdf } from '@grain/adapters';
import { issuerFacts, sha256hex } from '@grain/persistence';
import type { ActivityDeps } from '../deps';
import { certificateHtml, qrSvg, verifyUrl } from './certificate-pdf';

type IssuerFacts = Awaited<ReturnType<typeof issuerFacts>>;
type CompanySeal = Awaited<ReturnType<typeof companySeal>>;
/** The PDF made for one content: where it is stored, its hash, and the issuer it was sealed for. */
interface MadePdf {
  pdfKey: string;
  sha256: string;
  issuer?: FrozenIssuer;
}

/**
 * Renders, seals and stores the PDF of the state its batch's commit wrote (the certificate shows done
 * meanwhile; once per certificate content), then writes the read model with it (recordPdf at `at`, as the
 * workflow records it) and lets the batch's mails go, in one transaction.
 */
export function generatePdfActivity(deps: ActivityDeps): CertificateActivityContract['generateCertificatePdf'] {
  return async (a) => {
    const found = await writtenForPdf(deps, a);
    if ('writtenPdfKey' in found) return { pdfKey: found.writtenPdfKey };
    const { written } = found;
    // the issuer's facts and the company's seal, read once for the PDF and its credential (issue 29: each was read twice)
    const facts = await issuerFacts(deps.stores, written);
    const seal = await companySeal(deps, written, facts);
    // A retried activity gets the kept result of a step it already did, so files happen once.
    const made = await deps.stores.activityResults.once(`certificate:${a.certificateId}:pdf:${written.contentHash}`, () => makePdf(deps, written, facts, seal));
    const state = recordPdf(written, made.pdfKey, a.at);
    // the issuer frozen as sealed (the first record wins: read back, it is the one a retry froze first), then the
    // credential, signed once with the seal that sealed the PDF (kept: a retried attempt reads it back), before
    // the read model shows the PDF: whoever finds the PDF finds its credential too
    if (made.issuer) await deps.stores.certificates.freezeIssuer(state.id, made.issuer);
    const issuer = made.issuer ? ((await deps.stores.certificates.frozenIssuer(state.id)) ?? facts.issuer) : facts.issuer;
    await issueCredential(deps, state, { ...facts, issuer }, seal, made.sha256);
    await recordPdfMade(deps, state, made);
    return { pdfKey: made.pdfKey };
  };
}

/** The state the batch's commit wrote for this PDF, or the PDF already recorded when this is a retry after its write. */
async function writtenForPdf(deps: ActivityDeps, a: CertificatePdfRequest): Promise<{ written: CertificateState } | { writtenPdfKey: string }> {
  const row = await deps.stores.certificates.issuingState(a.certificateId);
  if (row?.state.version === a.version) return { written: row.state };
  // a retry after its write: the read model shows this version's PDF already
  if (row && row.state.version > a.version && row.pdfKey) return { writtenPdfKey: row.pdfKey };
  throw new Error(`certificate ${a.certificateId}: the read model shows version ${row?.state.version ?? 'none'}, not ${a.version} to make its PDF of`);
}

/** The issuing company's seal (its key and certificate under the company's CA). */
function companySeal({ stores, config }: ActivityDeps, s: CertificateState, facts: { issuer?: FrozenIssuer }) {
  const company = { id: s.companyId, name: facts.issuer?.name ?? s.companyId };
  return stores.signatures.companySeal(company, config.caKeySecret, sealOptionsFor(config.publicUrl, s.companyId, facts.issuer?.did));
}

/**
 * The stored, recorded PDF is the sealed one: its hash is what the public check compares. A PAdES B-LT
 * seal: the TSA's timestamp in the signature; the CA chain, the TSA's certificate and the CA's CRL as it
 * stands at sealing in the DSS (and in the signature, for validators that read it there).
 */
async function makePdf(deps: ActivityDeps, s: CertificateState, facts: IssuerFacts, seal: CompanySeal): Promise<MadePdf> {
  const { adapters, config } = deps;
  const url = verifyUrl(config.publicUrl, s.contentHash);
  const rendered = await adapters.pdf.render(certificateHtml(issuedCertificate(s, facts), { url, svg: await qrSvg(url) }));
  const crls = [await deps.stores.signatures.freshCaCrl(s.companyId, config.caKeySecret)];
  const pdf = await sealPdf(
    rendered,
    {
      ...seal,
      chainPems: [seal.caCertificatePem],
      name: facts.issuer?.name ?? s.companyId,
      reason: `Grain quality certificate ${s.approvalNumber} issued`,
      location: facts.issuer?.address,
      contactInfo: url,
      tsa: adapters.tsa,
      crls,
    },
    { certificatePems: [seal.certificatePem, seal.caCertificatePem, ...(await adapters.tsa.certificatePems())], crls },
  );
  const pdfKey = await adapters.storage.put(pdf, { ext: 'pdf', prefix: 'certificates' });
  const issuer = sealedIssuer(facts, seal);
  return { pdfKey, sha256: sha256hex(pdf), ...(issuer ? { issuer } : {}) };
}

/** The issuer as it stands now, with the seal that sealed it: frozen with the certificate. */
function sealedIssuer(facts: IssuerFacts, seal: { certificatePem: string; caCertificatePem: string }): FrozenIssuer | undefined {
  return (
    facts.issuer && {
      ...facts.issuer,
      sealFingerprint: new X509Certificate(seal.certificatePem).fingerprint256,
      caFingerprint: new X509Certificate(seal.caCertificatePem).fingerprint256,
    }
  );
}

/** The read model with its PDF, the hash the public page checks uploads against, the mails let go: one transaction. */
function recordPdfMade(deps: ActivityDeps, state: CertificateState, made: MadePdf): Promise<void> {
  return deps.stores.transaction(async (tx) => {
    await tx.certificates.recordPdfHash(state.id, made.sha256);
    await tx.certificates.upsert(state);
    await tx.mailOutbox.release(state.id);
  });
}
