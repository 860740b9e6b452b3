/**
 * One lot, one certificate: a farm record backs at most one certificate that is being signed, sent
 * back or issued. A draft does not hold its record (two drafts may name the same one; the first to be
 * submitted takes it), and a withdrawn certificate lets its record go. Saving a draft that names a
 * record already taken is refused too, so the mistake shows where it is made.
 */
import { AppError } from '../errors';
import type { CertificateStatus } from './types';

/** The statuses in which a certificate holds its farm record. */
export const HOLDING_STATUSES: readonly CertificateStatus[] = ['signing', 'pending', 'rejected', 'done'];

/** A certificate that holds a farm record. */
export interface FarmRecordUse {
  farmRecordId: string;
  certificateId: string;
  approvalNumber: string;
  status: CertificateStatus;
}

/** Refuses a farm record another certificate holds (FARM_RECORD_IN_USE, naming that certificate's number). */
export function assertFarmRecordFree(uses: readonly FarmRecordUse[], certificateId: string): void {
  const other = uses.find((u) => u.certificateId !== certificateId && HOLDING_STATUSES.includes(u.status));
  if (other) throw new AppError('FARM_RECORD_IN_USE', { certificate: other.approvalNumber });
}
