/**
 * Who may change a certificate's set-up or withdraw it: its submitter, or an admin of its company.
 * The machine, the API's use cases and the viewer's permissions all ask this one function, so changing
 * the rule is one edit here.
 */
import { AppError } from '../errors';
import type { CertificateState } from './types';

/** The person asking: a user id, whether their role is admin, and whether they hold manageApproval. */
export interface AccessSubject {
  id: string;
  isAdmin?: boolean;
  isManager?: boolean;
}

export function isOwnerOrAdmin(s: Pick<CertificateState, 'submitter'>, who: AccessSubject): boolean {
  return who.id === s.submitter.id || !!who.isAdmin;
}

export function assertOwnerOrAdmin(s: Pick<CertificateState, 'submitter'>, who: AccessSubject): void {
  if (!isOwnerOrAdmin(s, who)) throw new AppError('ACCESS_DENIED');
}

/**
 * Who may withdraw a certificate (delete its draft, or cancel it once submitted): its submitter or an
 * admin of its company. The machine's cancel, the cancel use case and the viewer's `delete` permission
 * all ask this, so changing who may cancel is one edit here (the permission to withdraw at all is
 * `mayWithdraw`).
 */
export function mayCancel(s: Pick<CertificateState, 'submitter'>, who: AccessSubject): boolean {
  return isOwnerOrAdmin(s, who);
}

export function assertMayCancel(s: Pick<CertificateState, 'submitter'>, who: AccessSubject): void {
  if (!mayCancel(s, who)) throw new AppError('ACCESS_DENIED');
}

/**
 * Who may keep work in flight moving (remind, escalate, change a level's due time or signers): the
 * submitter, an admin, or a holder of manageApproval in the company — the people the overdue dashboard
 * is for.
 */
export function mayManageInFlight(s: Pick<CertificateState, 'submitter'>, who: AccessSubject): boolean {
  return isOwnerOrAdmin(s, who) || !!who.isManager;
}

export function assertMayManageInFlight(s: Pick<CertificateState, 'submitter'>, who: AccessSubject): void {
  if (!mayManageInFlight(s, who)) throw new AppError('ACCESS_DENIED');
}

/**
 * A certificate of another company is answered as a missing one, so a stranger cannot tell the two
 * apart.
 */
export function assertSameCompany(s: Pick<CertificateState, 'companyId'>, companyId: string | null | undefined): void {
  if (!companyId || s.companyId !== companyId) throw new AppError('NOT_FOUND');
}
