/** The issued certificate as UN/CEFACT SPS e-Cert XML, for anyone who holds its hash (or number and verification code). */
import { AppError } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, type IssuedRef } from '../support/find-issued';
import { spsXmlFile, type XmlFile } from '../support/sps-xml';

export async function downloadIssuedXml({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<XmlFile> {
  const found = await findIssued(deps.stores, ref);
  if (found.state.status !== 'done') throw new AppError('NOT_FOUND');
  return spsXmlFile(deps, found);
}
