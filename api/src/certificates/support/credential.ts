/**
 * The issued certificate as a verifiable credential: the Digital Conformity Credential built in the
 * domain from the facts the PDF prints, signed as a JWT (VC-JOSE, `typ: vc+jwt`, ES256) with the company
 * seal's key, the seal and CA certificates in its `x5c` header so a verifier needs nothing from us.
 */
import { X509Certificate } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  AppError,
  certificateVerifyPath,
  conformityCredential,
  issuedCertificate,
  type CertificateState,
  type ConformityCredential,
  type IssuerFacts,
} from '@grain/domain';
import { issuerFacts } from '@grain/persistence';
import type { CertificateCommandDeps } from '../commands/command-deps';

const derBase64 = (pem: string) => new X509Certificate(pem).raw.toString('base64');

/** The credential of an issued certificate, as this server states it (signed below, compared on a check). */
export function issuedCredential(publicUrl: string, s: CertificateState, facts: IssuerFacts): ConformityCredential {
  const base = publicUrl.replace(/\/+$/, '');
  return conformityCredential(issuedCertificate(s, facts), {
    certificateId: s.id,
    verifyUrl: `${base}${certificateVerifyPath(s.contentHash)}`,
    issuerId: `urn:grain-company:${s.companyId}`,
    statusUrl: `${base}/api/public/verify/status?hash=${s.contentHash}`,
  });
}

/** The issued certificate's credential signed with the company seal (SEAL_NOT_READY until a PDF was sealed). */
export async function signedCredential(deps: Pick<CertificateCommandDeps, 'stores' | 'config'>, s: CertificateState): Promise<string> {
  if (s.status !== 'done') throw new AppError('NOT_FOUND');
  const facts = await issuerFacts(deps.stores, s);
  const credential = issuedCredential(deps.config.publicUrl, s, facts);
  // the seal that sealed the issued PDF; a read never makes one (until the PDF is sealed there is none)
  const seal = await deps.stores.signatures.existingCompanySeal(s.companyId, deps.config.caKeySecret);
  if (!seal) throw new AppError('SEAL_NOT_READY');
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc', x5c: [derBase64(seal.certificatePem), derBase64(seal.caCertificatePem)] })
    .setIssuer(credential.issuer.id)
    .setSubject(String(credential.credentialSubject.id))
    .setJti(credential.id)
    .setIssuedAt(Math.floor(Date.parse(s.completedDate ?? new Date().toISOString()) / 1000))
    .sign(seal.privateKey);
}
