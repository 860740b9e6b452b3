import type { CertificateStatus } from './types';

/** The status a person sees: "overdue" is a flag on the certificate, shown in place of an active status. */
export type DisplayStatus = CertificateStatus | 'overdue';

/** Finished, withdrawn and draft certificates show their own status even when a deadline passed. */
export function displayStatus(status: CertificateStatus, overdue: boolean): DisplayStatus {
  return overdue && status !== 'done' && status !== 'cancelled' && status !== 'created' ? 'overdue' : status;
}
