import { can, isAdmin, type Actor } from '../permissions';
import { isOwnerOrAdmin, mayCancel, mayManageInFlight } from './access';
import { currentLevel, pendingSigners } from './machine';
import { mayRevoke } from './revocation';
import type { CertificateState, CommandActor } from './types';

/** What a viewer may do with a certificate now (the buttons the UI offers). */
export interface CertificatePermissions {
  edit: boolean;
  sign: boolean;
  reject: boolean;
  delegate: boolean;
  delete: boolean;
  /** May download the issued PDF, credential and XML: the certificate is done and its PDF made. */
  getCert: boolean;
  /** Done, its PDF still being made (seconds after the last signature): the page says so, the downloads follow. */
  pdfPending: boolean;
  /** May revoke the issued certificate (the detail view clears it once revoked). */
  revoke: boolean;
  /** May keep the work in flight moving: remind, escalate, change a level's due time or signers. */
  manage: boolean;
  /** Of `manage`: the certificate's hash allows changing a level's due time and signers in flight. */
  adjust: boolean;
  /** The viewer has a digital signature, so signing asks for its password. */
  signaturePassword: boolean;
  /** The viewer has a passkey, so signing is the platform's own prompt (the code stays the fallback). */
  passkey?: boolean;
}

/** The machine and the API's use cases enforce the same rules again on every call; this only tells. */
export function permissionsOf(s: CertificateState, viewer: Actor, hasSignature: boolean, hasPasskey = false): CertificatePermissions {
  const l = currentLevel(s);
  const active = s.status === 'signing' || s.status === 'pending' || s.status === 'rejected';
  const mayAct = !!l && active && pendingSigners(s, l).some((x) => x.id === viewer.id) && !l.signed.some((e) => e.userId === viewer.id);
  const owner = isOwnerOrAdmin(s, actorSubject(viewer));
  const signer = mayAct && can(viewer, 'signApproval');
  const manage = active && s.status !== 'rejected' && mayManageInFlight(s, actorSubject(viewer)) && can(viewer, 'editApproval');
  return {
    edit: owner && can(viewer, 'editApproval') && (s.status === 'created' || s.status === 'rejected'),
    sign: signer,
    reject: signer,
    delegate: signer && l?.status !== 'done',
    delete: mayCancel(s, actorSubject(viewer)) && mayWithdraw(viewer) && s.status !== 'done' && s.status !== 'cancelled',
    getCert: s.status === 'done' && !!s.pdfKey,
    pdfPending: s.status === 'done' && !s.pdfKey,
    revoke: mayRevoke(s, actorSubject(viewer)),
    manage,
    adjust: manage,
    signaturePassword: hasSignature,
    passkey: hasPasskey,
  };
}

/** The viewer as the access rules see them (access.ts). */
export const actorSubject = (viewer: Actor) => ({ id: viewer.id, isAdmin: isAdmin(viewer), isManager: can(viewer, 'manageApproval') });

/**
 * The viewer as the certificate's workflow carries them in its history (start input, Update arguments):
 * what the machine reads of an actor and nothing else — the id, the name, and isAdmin / isManager only
 * when they are true (issue 29: a lighter history; the caller's e-mail is no part of a command).
 */
export function commandActor(viewer: Actor, name: string): CommandActor {
  const s = actorSubject(viewer);
  return { id: s.id, name, ...(s.isAdmin ? { isAdmin: true } : {}), ...(s.isManager ? { isManager: true } : {}) };
}

/** Deleting a draft or cancelling a certificate takes either the delete or the edit permission. */
export const mayWithdraw = (viewer: Actor): boolean => can(viewer, 'deleteApproval') || can(viewer, 'editApproval');
