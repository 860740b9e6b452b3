import { AppError, assertSameCompany, certificateIdOfLevelId, currentLevel, isUuid, type CertificateLevel, type CertificateState } from '@grain/domain';
import type { CertificateViewerFacts, Stores } from '@grain/persistence';
import type { Caller } from '../commands/command-deps';

/** A certificate of the caller's company; NOT_FOUND for another company's, as for a missing one. */
export async function loadCertificate(stores: Stores, caller: Caller, id: string): Promise<CertificateState> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const stored = await stores.certificates.get(caller.companyId, id);
  if (!stored) throw new AppError('NOT_FOUND');
  assertSameCompany(stored.state, caller.companyId);
  return stored.state;
}

/**
 * loadCertificate with the caller's own facts (whether they have a personal signature, a passkey, ...),
 * read with it in one statement (CertificateStore.withViewerFacts): for a use case that needs one of them.
 */
export async function loadCertificateFor(stores: Stores, caller: Caller, id: string): Promise<{ state: CertificateState; facts: CertificateViewerFacts }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const read = await stores.certificates.withViewerFacts(caller.companyId, id, caller.actor.id);
  if (!read) throw new AppError('NOT_FOUND');
  assertSameCompany(read.stored.state, caller.companyId);
  return { state: read.stored.state, facts: read.facts };
}

/** The certificate a level id names (its prefix, domain ids.ts); anything else names nothing (NOT_FOUND). */
export function certificateIdOfLevel(levelId: string): string {
  const id = certificateIdOfLevelId(levelId);
  if (!id) throw new AppError('NOT_FOUND');
  return id;
}

/** The current level, which must be the one named (a stale page gets INVALID_LEVEL). */
export function currentLevelNamed(s: CertificateState, levelId?: string): CertificateLevel {
  const l = currentLevel(s);
  if (!l || s.status === 'created') throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_ACTIVE');
  if (levelId && l.id !== levelId) throw new AppError('INVALID_LEVEL');
  return l;
}
