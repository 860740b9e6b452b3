/** The issued certificate as UN/CEFACT SPS e-Cert XML, for a member of the issuing company (another company's: NOT_FOUND). */
import { AppError } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { spsXmlFile, type XmlFile } from '../support/sps-xml';

export async function downloadXml(o: { caller: Caller; certificateId: string }, deps: CertificateCommandDeps): Promise<XmlFile> {
  const s = await loadCertificate(deps.stores, o.caller, o.certificateId);
  if (s.status !== 'done') throw new AppError('NOT_FOUND');
  const found = await deps.stores.certificates.findPublic({ hash: s.contentHash });
  if (!found || found.state.id !== s.id) throw new AppError('NOT_FOUND');
  return spsXmlFile(deps, found);
}
