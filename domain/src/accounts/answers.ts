import type { Permission } from '../permissions';
import type { AddressView, CompanyView, GroupView, SignatureView, UserView } from './views';

/**
 * The accounts answers on the wire (api/src/accounts/README.md), written once: the API types what it
 * sends by them and the UI what it reads. Records inside are the views of ./views.ts.
 */

/** The signed-in user with the permissions the server resolved (the UI shows only what they allow). */
export type SignedInUserView = UserView & { permissions: readonly Permission[] };

/** POST auth/login, GET auth/current_user, POST auth/register (201). */
export interface SignedInAnswer {
  user: SignedInUserView;
  company: CompanyView | null;
}

/**
 * GET auth/login: who is signed in, if anyone (a visitor gets `loggedIn: false`, not a 401). The old
 * system's status could also carry a sign-in banner (`notification`, docs/spec/approvals.md §2),
 * which the login page shows; this server sends none.
 */
export type LoginStatusAnswer = { invalidMsg: ''; loggedIn: boolean; notification?: string } & Partial<SignedInAnswer>;

/** POST auth/logout. */
export interface LogoutAnswer {
  loggedOut: true;
}

/** POST company/user/reset_password and .../confirm: a text in the caller's language. */
export interface ResetMessageAnswer {
  message: string;
}

/** POST company/user/reset_password/check. */
export interface ResetTokenCheckAnswer {
  valid: boolean;
}

/** GET company/profile/{id}, POST company/profile/create (201) and .../{id}/update. */
export interface CompanyAnswer {
  company: CompanyView;
}

/** GET company/addresses. */
export interface AddressListAnswer {
  address_list: AddressView[];
}

/** GET company/address/{id}, POST company/address/create (201) and .../{id}/update. */
export interface AddressAnswer {
  address: AddressView;
}

/** GET company/users: one page (1-based) of the company's users, and its groups for the role column. */
export interface UserListAnswer {
  user_list: UserView[];
  total: number;
  page: number;
  pageSize: number;
  groups: GroupView[];
}

/** GET company/user/create: what the form offers. */
export interface UserFormInfoAnswer {
  title: string;
  groups: GroupView[];
  company: CompanyView | null;
}

/** POST company/user/create (201): the new user and the first page of users. */
export interface UserCreatedAnswer {
  user: UserView;
  users: UserView[];
}

/** GET company/user/{id}, GET/POST .../update_profile, POST .../update and .../update_password. */
export interface UserAnswer {
  user: UserView;
  /**
   * After a change of one's own e-mail: the new address, which a link was mailed to; `user.email` stays
   * the old one until the link is opened (POST company/user/confirm_email).
   */
  emailChangePending?: string;
  /** The EMAIL_CHANGE_SENT text in the caller's language, with `emailChangePending`. */
  message?: string;
}

/** POST company/user/confirm_email: the e-mail address now in force. */
export interface EmailConfirmedAnswer {
  email: string;
  message: string;
}

/** GET company/user/{id}/update: the user and the groups a role may name. */
export interface UserEditAnswer {
  user: UserView;
  groups: GroupView[];
}

/** POST company/user/{id}/delete. */
export interface UserDeletedAnswer {
  deleted: true;
  _id: string;
}

/** GET company/groups. */
export interface GroupListAnswer {
  groups: GroupView[];
}

/** GET company/group/create: an empty invalidMsg when the caller may create groups (403 otherwise). */
export interface GroupFormInfoAnswer {
  invalidMsg: '';
  groups: GroupView[];
}

/** GET company/group/{id}. */
export interface GroupAnswer {
  group: GroupView;
}

/** GET company/group/{id}/update. */
export interface GroupEditAnswer {
  group: GroupView;
  invalidMsg: '';
}

/** POST company/group/create (201) and .../{id}/update: the saved group and the company's groups. */
export interface GroupSavedAnswer {
  group: GroupView;
  groups: GroupView[];
}

/** GET company/signature: the caller's own signature, or null. */
export interface MySignatureAnswer {
  signature: SignatureView | null;
}

/** GET company/signature/{id}, POST company/signature/create (201) and .../{id}/update. */
export interface SignatureAnswer {
  signature: SignatureView;
}

/** GET company/signature/ca: the company CA's certificate (PEM), null before the company has one. */
export interface CaCertificateAnswer {
  certificate: string | null;
}

/** The check of a user's signature over some data against the company CA. */
export interface SignatureVerification {
  valid: boolean;
  /** Why not valid: bad-certificate, unknown-issuer, not-issued-by-ca, bad-signature. */
  reason?: string;
  userId?: string;
  companyId?: string;
  signerName?: string;
}

/** POST company/signature/verify. */
export interface SignatureVerifyAnswer {
  verification: SignatureVerification;
}
