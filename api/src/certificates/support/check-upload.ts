/**
 * Checks a certificate file someone was sent — the sealed PDF or the credential — and answers each
 * check on its own, proving no more than its line says:
 *   seal            the PDF's seal holds over its bytes (adapters' checkPdfSeal) / the credential's
 *                   signature verifies with the company's *stored* seal key (the x5c is only a pointer);
 *   wholeDocument   the seal covers the whole file;
 *   issuer          the sealing certificate is exactly one of the stored seal certificates of the company
 *                   it names (UID), issued by that company's CA, and (for a known certificate) of its company;
 *   verifiedIssuer  that company's identity — the registration in the seal's serialNumber (OID 2.5.4.5) —
 *                   was verified by the platform's operator when the certificate was issued;
 *   asIssued / content, ledger, signers, notRevoked: as before.
 * A malformed file or key is a clear 4xx, never a 500.
 */
import { X509Certificate } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importX509, jwtVerify } from 'jose';
import { isDeepStrictEqual } from 'node:util';
import { AppError, issuedCertificate, registrationText, type UploadCheck, type UploadCheckAnswer } from '@grain/domain';
import { checkPdfSeal, readSealCertificate, type PdfSealCheck } from '@grain/adapters';
import { companyIdOfName, issuerFacts, liveIssuer, sha256hex, type PublicCertificate } from '@grain/persistence';
import type { CertificateCommandDeps } from '../commands/command-deps';
import { ledgerAnchor } from './ledger-anchor';
import { pinnedSeal } from './issuer-pin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface IssuerFinding {
  checks: UploadCheck[];
  /** The company the seal names (its UID), when it names one. */
  companyId?: string;
  /** The stored seal certificate the file's one is (PEM), when it is one of the company's. */
  storedSealPem?: string;
}

/**
 * The company a seal certificate names and whether it is that company's own stored seal; then whether the
 * company's identity (the serialNumber the seal states) stood verified. For a file found to be an issued
 * certificate (`found`), the seal must be of that certificate's company — and, for its PDF, the very seal
 * frozen at issue (`exact`).
 */
async function issuerChecks(
  deps: CertificateCommandDeps,
  sealCert: string | Buffer | undefined,
  found: PublicCertificate | null,
  exact: boolean,
): Promise<IssuerFinding> {
  const no = (detail?: string): IssuerFinding => ({
    checks: [
      { id: 'issuer', ok: false, ...(detail ? { detail } : {}) },
      { id: 'verifiedIssuer', ok: false },
    ],
  });
  if (!sealCert) return no();
  let read: ReturnType<typeof readSealCertificate>;
  try {
    read = readSealCertificate(sealCert);
  } catch {
    return no();
  }
  const named = read.subject.uid && UUID.test(read.subject.uid) ? read.subject.uid : companyIdOfName(read.x509.subject);
  if (!named || (found && named !== found.state.companyId)) return no(read.subject.organization);
  const history = await deps.stores.signatures.companyCertificates(named);
  const entry = history.find((h) => h.sealPem && new X509Certificate(h.sealPem).raw.equals(read.der));
  // an issued PDF must carry the very seal recorded at issue (certificates issued before it was recorded: any of the company's)
  const pinned = found && exact && found.issuer?.sealFingerprint ? await pinnedSeal(deps, found) : null;
  const isPinned = !!entry && (!pinned || pinned.sealPem === entry.sealPem);
  const caOk =
    !!entry &&
    (() => {
      const ca = new X509Certificate(entry.caPem);
      return read.x509.checkIssued(ca) && read.x509.verify(ca.publicKey);
    })();
  const issuer = found ? ((await issuerFacts(deps.stores, found.state)).issuer ?? null) : ((await liveIssuer(deps.stores, named)) ?? null);
  const issuerOk = isPinned && caOk;
  // the registration the seal states (OID 2.5.4.5), verified for this company when it issued
  const registration = read.subject.serialNumber;
  const verifiedOk = issuerOk && !!registration && !!issuer?.verifiedAt && issuer.registrationNumber === registration;
  const regText = issuer?.registrationScheme && registration ? registrationText({ scheme: issuer.registrationScheme, value: registration }) : registration;
  return {
    checks: [
      { id: 'issuer', ok: issuerOk, detail: issuer?.name ?? read.subject.organization },
      { id: 'verifiedIssuer', ok: verifiedOk, ...(regText ? { detail: regText } : {}) },
    ],
    ...(issuerOk ? { storedSealPem: entry.sealPem! } : {}),
    companyId: named,
  };
}

const derOfPem = (pem: string) => new X509Certificate(pem).raw;

/**
 * When the seal was made, by its RFC 3161 timestamp from this platform's TSA, against the revocation of its
 * seal certificate (issue 31 item 4): a seal made before its certificate was revoked stays valid; one made
 * after (a revoked key used again), or one of a revoked certificate without a timestamp of this TSA, does
 * not. Detail: the time of sealing (ISO, or "-" when unknown), then the revocation's time when revoked.
 */
async function sealTimeCheck(deps: CertificateCommandDeps, seal: PdfSealCheck, companyId: string | undefined): Promise<UploadCheck> {
  const ts = seal.timestamp;
  const tsaDers = ts ? (await deps.tsa.certificatePems()).map(derOfPem) : [];
  const sealedAt = ts && tsaDers.some((d) => d.equals(derOfPem(ts.tsaCertificatePem))) ? ts.at : undefined;
  const serial = seal.valid && seal.signerPem ? new X509Certificate(seal.signerPem).serialNumber.toUpperCase() : undefined;
  const revocation = serial && companyId ? (await deps.stores.signatures.sealRevocations(companyId)).find((r) => r.serial.toUpperCase() === serial) : undefined;
  if (!revocation) return { id: 'sealTime', ok: seal.valid, ...(sealedAt ? { detail: sealedAt } : {}) };
  const ok = !!sealedAt && Date.parse(sealedAt) < Date.parse(revocation.revokedAt);
  return { id: 'sealTime', ok, detail: `${sealedAt ?? '-'} ${revocation.revokedAt}` };
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

/** Genuine when every check holds; revoked when only the revocation check fails; else not genuine. */
function answer(kind: UploadCheckAnswer['kind'], checks: UploadCheck[], found: PublicCertificate | null): UploadCheckAnswer {
  const failed = checks.filter((c) => !c.ok).map((c) => c.id);
  const verdict = failed.length === 0 ? 'genuine' : failed.length === 1 && failed[0] === 'notRevoked' ? 'revoked' : 'notGenuine';
  return {
    kind,
    checks,
    verdict,
    ...(found ? { approvalNumber: found.state.approvalNumber, contentHash: found.state.contentHash, revocation: found.revocation } : {}),
  };
}

async function checkPdf(deps: CertificateCommandDeps, pdf: Buffer): Promise<UploadCheckAnswer> {
  const seal = await checkPdfSeal(pdf);
  const found = await deps.stores.certificates.findPublic({ pdfSha256: sha256hex(pdf) });
  const sealCn = (() => {
    try {
      return seal.signerPem ? readSealCertificate(seal.signerPem).subject.commonName : undefined;
    } catch {
      return undefined;
    }
  })();
  const issuer = await issuerChecks(deps, seal.valid ? seal.signerPem : undefined, found, true);
  const checks: UploadCheck[] = [
    { id: 'seal', ok: seal.valid, ...(sealCn ? { detail: sealCn } : {}) },
    { id: 'wholeDocument', ok: seal.valid && seal.wholeDocument },
    ...issuer.checks,
    await sealTimeCheck(deps, seal, issuer.companyId),
    { id: 'asIssued', ok: !!found },
    ...(found ? await recordChecks(deps, found) : []),
  ];
  return answer('pdf', checks, found);
}

async function checkCredential(deps: CertificateCommandDeps, jwt: string): Promise<UploadCheckAnswer> {
  let header;
  let claims;
  try {
    header = decodeProtectedHeader(jwt);
    claims = decodeJwt(jwt);
  } catch {
    throw new AppError('VERIFY_FILE_UNKNOWN');
  }
  // the x5c only says which seal the issuer used: it must be a readable EC P-256 certificate, and it is
  // then looked up among the stored seals; the signature is checked with the stored one, never the upload
  const x5c = Array.isArray(header.x5c) && typeof header.x5c[0] === 'string' ? header.x5c[0] : undefined;
  if (!x5c) throw new AppError('CREDENTIAL_KEY_INVALID');
  try {
    readSealCertificate(x5c);
  } catch {
    throw new AppError('CREDENTIAL_KEY_INVALID');
  }
  const claimed = (claims.credentialSubject as { evidence?: Array<{ contentHash?: unknown }> } | undefined)?.evidence?.find((e) => e?.contentHash)?.contentHash;
  const found: PublicCertificate | null =
    typeof claimed === 'string' && /^[0-9a-f]{64}$/.test(claimed) ? await deps.stores.certificates.findPublic({ hash: claimed }) : null;
  const issuer = await issuerChecks(deps, x5c, found, false);
  const verified = issuer.storedSealPem
    ? await jwtVerify(jwt, await importX509(issuer.storedSealPem, 'ES256'), { algorithms: ['ES256'], typ: 'vc+jwt' }).catch(() => null)
    : null;
  // the credential's facts are the issued certificate's, as stated at issue
  let same = false;
  if (found && verified) {
    // the credential as signed at issue (with the pinned seal) is what this one must state
    const issued = await deps.stores.credentials.ofCertificate(found.state.id);
    same = !!issued?.jwt && isDeepStrictEqual(decodeJwt(issued.jwt).credentialSubject, verified.payload.credentialSubject);
  }
  const checks: UploadCheck[] = [
    { id: 'seal', ok: !!verified },
    ...issuer.checks,
    { id: 'content', ok: same },
    ...(found ? await recordChecks(deps, found) : []),
  ];
  return answer('credential', checks, found);
}

/** A PDF by its first bytes; a credential by its compact JWT form; anything else is refused. */
export async function checkUpload(deps: CertificateCommandDeps, file: Buffer): Promise<UploadCheckAnswer> {
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') return checkPdf(deps, file);
  const text = file.toString('utf8').trim();
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text)) return checkCredential(deps, text);
  throw new AppError('VERIFY_FILE_UNKNOWN');
}
