/**
 * Revoking an issued certificate: after issue the facts cannot change, but the issuing company can say
 * they no longer stand (a wrong lab result, a recalled lot). The revocation is written to the ledger and
 * every public answer about the certificate says so from then on.
 */
import { AppError } from '../errors';
import type { AccessSubject } from './access';
import type { CertificateState } from './types';

export interface Revocation {
  /** ISO time of the revocation. */
  at: string;
  /** Name of the admin who revoked it. */
  by: string;
  byId: string;
  reason: string;
  /** The ledger transaction of the revocation block. */
  txId: string | null;
}

export const REVOCATION_REASON_MAX = 500;

/** The ledger key of a certificate's revocation (one per certificate: a retried write never writes twice). */
export const revocationLedgerKey = (certificateId: string) => `certificate:${certificateId}:revocation`;

/**
 * Who may revoke an issued certificate: an admin of the issuing company, once its PDF (and the credential
 * whose status-list bit the revocation flips) is made, seconds after the last signature.
 */
export const mayRevoke = (s: Pick<CertificateState, 'status' | 'pdfKey'>, who: AccessSubject) => s.status === 'done' && !!s.pdfKey && !!who.isAdmin;

/** Only an admin of the issuing company revokes; only an issued certificate whose PDF is made, once; always with a reason. */
export function assertRevocable(s: Pick<CertificateState, 'status' | 'pdfKey'>, revoked: Revocation | null, who: AccessSubject, reason: string): string {
  if (!who.isAdmin) throw new AppError('ACCESS_DENIED');
  const why = reason.trim();
  if (!why) throw new AppError('REASON_REQUIRED');
  if (why.length > REVOCATION_REASON_MAX) throw new AppError('INVALID_INPUT', { field: 'reason', max: REVOCATION_REASON_MAX });
  if (s.status !== 'done') throw new AppError('NOT_ISSUED');
  if (!s.pdfKey) throw new AppError('PDF_PENDING');
  if (revoked) throw new AppError('ALREADY_REVOKED');
  return why;
}

/** The revocation block's payload: enough for anyone reading the ledger to tie it to the certificate. */
export function revocationRecord(s: Pick<CertificateState, 'id' | 'companyId' | 'approvalNumber' | 'contentHash'>, r: Omit<Revocation, 'txId'>) {
  return {
    certificateId: s.id,
    companyId: s.companyId,
    approvalNumber: s.approvalNumber,
    contentHash: s.contentHash,
    reason: r.reason,
    by: r.by,
    byId: r.byId,
    at: r.at,
  };
}
