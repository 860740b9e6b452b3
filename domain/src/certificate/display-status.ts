import type { CertificateStatus, LevelStatus } from './types';

/** The status a person sees: "overdue" is a flag on the certificate, shown in place of an active status. */
export type DisplayStatus = CertificateStatus | 'overdue';

/** Finished, withdrawn and draft certificates show their own status even when a deadline passed. */
export function displayStatus(status: CertificateStatus, overdue: boolean): DisplayStatus {
  return overdue && status !== 'done' && status !== 'cancelled' && status !== 'created' ? 'overdue' : status;
}

/** A level's status as shown: a level past its deadline shows as overdue until it is done. */
export function levelDisplayStatus(status: LevelStatus, overdue: boolean): LevelStatus | 'overdue' {
  return overdue && status !== 'done' ? 'overdue' : status;
}
