import { AppError, assertSameCompany, currentLevel, type CertificateLevel, type CertificateState } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import type { Caller } from './command-deps';

const UUID = /^[0-9a-f-]{36}$/i;

/** A certificate of the caller's company; NOT_FOUND for another company's, as for a missing one. */
export async function loadCertificate(stores: Stores, caller: Caller, id: string): Promise<CertificateState> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
  const stored = await stores.certificates.get(caller.companyId, id);
  if (!stored) throw new AppError('NOT_FOUND');
  assertSameCompany(stored.state, caller.companyId);
  return stored.state;
}

/** Level ids are `<certificate id>-L<n>` (domain createCertificate); the certificate id is the prefix. */
export function certificateIdOfLevel(levelId: string): string {
  const m = /^([0-9a-f-]{36})-L\d+$/i.exec(levelId);
  if (!m) throw new AppError('NOT_FOUND');
  return m[1];
}

/** The current level, which must be the one named (a stale page gets INVALID_LEVEL). */
export function currentLevelNamed(s: CertificateState, levelId?: string): CertificateLevel {
  const l = currentLevel(s);
  if (!l || s.status === 'created') throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_ACTIVE');
  if (levelId && l.id !== levelId) throw new AppError('INVALID_LEVEL');
  return l;
}
