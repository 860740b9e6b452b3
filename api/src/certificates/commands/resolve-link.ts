/**
 * The one link of an issued certificate (issue 31 item 6): what `/c/<content hash>` names — the human page,
 * the sealed PDF, the credential and the status list — for anyone who holds the hash (NOT_FOUND for a hash
 * of no issued certificate).
 */
import { AppError, certificateResolverPath, resolverLinks } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';

export async function resolveLink({ hash }: { hash: string }, deps: CertificateCommandDeps) {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new AppError('NOT_FOUND');
  const found = await deps.stores.certificates.findPublic({ hash });
  if (!found || found.state.status !== 'done') throw new AppError('NOT_FOUND');
  const stored = await deps.stores.credentials.ofCertificate(found.state.id);
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  const anchor = `${base}${certificateResolverPath(hash)}`;
  const links = resolverLinks(base, hash, stored ? { companyId: stored.companyId, issuerDid: stored.issuerDid, index: stored.statusIndex } : null);
  return { anchor, links };
}
