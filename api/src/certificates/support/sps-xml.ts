/**
 * The issued certificate as a UN/CEFACT SPS e-Cert (issue 31 item 5): the domain's spsCertificateXml over
 * the same facts the PDF and the credential were built from (issuedCertificate with the issuer as frozen at
 * issue), with the public addresses of the sealed PDF (and its recorded hash), the credential and the one link.
 */
import { certificateResolverPath, issuedCertificate, spsCertificateXml } from '@grain/domain';
import { issuerFacts, type PublicCertificate } from '@grain/persistence';
import type { CertificateCommandDeps } from '../commands/command-deps';
import { certificateFileName } from './file-names';
import { issuedPdfHash, issuedPdfKey } from './find-issued';

export interface XmlFile {
  fileName: string;
  xml: string;
}

export async function spsXmlFile(deps: CertificateCommandDeps, found: PublicCertificate): Promise<XmlFile> {
  const s = found.state;
  issuedPdfKey(s); // it states the sealed PDF's hash and the issuer as frozen when the PDF was sealed: PDF_PENDING until then
  const b = deps.config.publicUrl.replace(/\/+$/, '');
  const q = `hash=${s.contentHash}`;
  const xml = spsCertificateXml(issuedCertificate(s, await issuerFacts(deps.stores, s)), {
    resolverUrl: `${b}${certificateResolverPath(s.contentHash)}`,
    pdf: { url: `${b}/api/public/verify/pdf-file?${q}`, sha256: await issuedPdfHash(deps.storage, found) },
    credentialUrl: `${b}/api/public/verify/credential?${q}`,
  });
  return { fileName: certificateFileName(s, 'sps.xml'), xml };
}
