/**
 * Checks a certificate file someone was sent — the sealed PDF or the credential — and answers each
 * check on its own: the seal (or the credential's signature) holds, it covers the whole file, it was
 * made by the issuing company's seal (issued by that company's CA), the file is the one issued (or its
 * facts are the issued certificate's), the ledger has its completion record, and who signed.
 */
import { X509Certificate } from 'node:crypto';
import { decodeProtectedHeader, importX509, jwtVerify } from 'jose';
import { isDeepStrictEqual } from 'node:util';
import { AppError, issuedCertificate, type UploadCheck, type UploadCheckAnswer } from '@grain/domain';
import { checkPdfSeal } from '@grain/adapters';
import { issuerFacts, sha256hex, type PublicCertificate } from '@grain/persistence';
import type { CertificateCommandDeps } from '../commands/command-deps';
import { issuedCredential } from './credential';
import { ledgerAnchor } from './ledger-anchor';

/** The company a seal certificate names (its subject's serialNumber) and whether that company's CA issued it. */
async function sealIssuer(deps: CertificateCommandDeps, sealPem: string | undefined): Promise<UploadCheck> {
  if (!sealPem) return { id: 'issuer', ok: false };
  const seal = new X509Certificate(sealPem);
  const companyId = /serialNumber=([0-9a-f-]{36})/i.exec(seal.subject.replace(/\n/g, ','))?.[1];
  const caPem = companyId ? await deps.stores.signatures.companyCaCertificatePem(companyId) : null;
  const company = companyId ? await deps.stores.companies.byId(companyId) : null;
  const ok = !!caPem && seal.verify(new X509Certificate(caPem).publicKey) && seal.checkIssued(new X509Certificate(caPem));
  return { id: 'issuer', ok, detail: company?.name ?? /CN=([^\n,]+)/.exec(seal.subject)?.[1] };
}

async function recordChecks(deps: CertificateCommandDeps, { state: s, revocation }: PublicCertificate): Promise<UploadCheck[]> {
  const anchor = await ledgerAnchor(deps, s);
  const signers = issuedCertificate(s).levels.flatMap((l) => l.signatures.map((x) => x.name));
  return [
    { id: 'ledger', ok: !!anchor, detail: anchor ? `#${anchor.blockNumber} · tx ${anchor.txId}` : undefined },
    { id: 'signers', ok: signers.length > 0, detail: signers.join(', ') },
    { id: 'notRevoked', ok: !revocation, detail: revocation ? `${revocation.at.slice(0, 10)}: ${revocation.reason}` : undefined },
  ];
}

async function checkPdf(deps: CertificateCommandDeps, pdf: Buffer): Promise<UploadCheckAnswer> {
  const seal = await checkPdfSeal(pdf);
  const found = await deps.stores.certificates.findPublic({ pdfSha256: sha256hex(pdf) });
  const checks: UploadCheck[] = [
    { id: 'seal', ok: seal.valid, detail: seal.signerPem ? /CN=([^\n,]+)/.exec(new X509Certificate(seal.signerPem).subject)?.[1] : undefined },
    { id: 'wholeDocument', ok: seal.valid && seal.wholeDocument },
    await sealIssuer(deps, seal.signerPem),
    { id: 'asIssued', ok: !!found },
    ...(found ? await recordChecks(deps, found) : []),
  ];
  return { kind: 'pdf', checks, ...(found ? { approvalNumber: found.state.approvalNumber, contentHash: found.state.contentHash } : {}) };
}

async function checkCredential(deps: CertificateCommandDeps, jwt: string): Promise<UploadCheckAnswer> {
  let header;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    throw new AppError('VERIFY_FILE_UNKNOWN');
  }
  const sealPem = header.x5c?.[0] ? new X509Certificate(Buffer.from(header.x5c[0], 'base64')).toString() : undefined;
  const verified = sealPem ? await jwtVerify(jwt, await importX509(sealPem, 'ES256')).catch(() => null) : null;
  const subject = verified?.payload.credentialSubject as { evidence?: Array<{ contentHash?: string }> } | undefined;
  const hash = subject?.evidence?.find((e) => e.contentHash)?.contentHash;
  const found: PublicCertificate | null = hash && /^[0-9a-f]{64}$/.test(hash) ? await deps.stores.certificates.findPublic({ hash }) : null;
  // the credential's facts are the issued certificate's, as this server would state them now
  let same = false;
  if (found && verified) {
    const s = found.state;
    const expected = issuedCredential(deps.config.publicUrl, s, await issuerFacts(deps.stores, s));
    same = isDeepStrictEqual(JSON.parse(JSON.stringify(expected.credentialSubject)), verified.payload.credentialSubject);
  }
  const checks: UploadCheck[] = [
    { id: 'seal', ok: !!verified },
    await sealIssuer(deps, sealPem),
    { id: 'content', ok: same },
    ...(found ? await recordChecks(deps, found) : []),
  ];
  return { kind: 'credential', checks, ...(found ? { approvalNumber: found.state.approvalNumber, contentHash: found.state.contentHash } : {}) };
}

/** A PDF by its first bytes; a credential by its compact JWT form; anything else is refused. */
export async function checkUpload(deps: CertificateCommandDeps, file: Buffer): Promise<UploadCheckAnswer> {
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') return checkPdf(deps, file);
  const text = file.toString('utf8').trim();
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text)) return checkCredential(deps, text);
  throw new AppError('VERIFY_FILE_UNKNOWN');
}
