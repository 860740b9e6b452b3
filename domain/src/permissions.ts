/** Roles and permissions (docs/spec/approvals.md §6). A user's role names a group; the group's roles list its permissions. */
export const PERMISSIONS = [
  'editSystem',
  'deleteSystem',
  'viewSystem',
  'editApproval',
  'deleteApproval',
  'viewApproval',
  'editDocument',
  'deleteDocument',
  'viewDocument',
  'editInfo',
  'deleteInfo',
  'viewInfo',
  'signApproval',
  'signDocument',
  // corrective actions (issue 32): make them from audit findings, be their owner, judge fixes, see them
  'createCorrectiveAction',
  'ownCorrectiveAction',
  'verifyCorrectiveAction',
  'viewCorrectiveAction',
  /**
   * Keep any certificate of the company moving while in flight: remind, escalate, re-route a level's
   * signers, move its due time; and be told when one runs late. Held through a group like every
   * permission (never by a group's name); only someone who holds it may grant it.
   */
  'manageApproval',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The status of a user or of a group: an inactive or locked one cannot sign in or lend its permissions. */
export const ACCOUNT_STATUSES = ['active', 'inactive', 'locked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const DEFAULT_GROUP_PERMISSIONS: Permission[] = ['viewInfo'];

/** Roles that may create or edit certificates and see the template bar (docs/spec/approvals.md §6, spelling fixed). */
export const APPROVAL_EDITOR_ROLES = ['admin', 'chief', 'ceo', 'director', 'accountChief', 'approving', 'representative', 'chairman', 'manager'];

export interface Actor {
  id: string;
  companyId: string | null;
  role: string;
  permissions: readonly Permission[];
}

export const isAdmin = (a: Actor) => a.role === 'admin';
export function can(a: Actor, p: Permission): boolean {
  return isAdmin(a) || a.permissions.includes(p);
}
