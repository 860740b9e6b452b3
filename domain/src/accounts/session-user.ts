import type { AccountStatus } from '../permissions';

/**
 * The signed-in user as the API's session middleware resolves it (`req.user`) and answers it; the UI
 * adds the permissions the server resolved for it.
 */
export interface SessionUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  fullName: string;
  phone: string | null;
  role: string;
  status: AccountStatus;
  companyId: string | null;
}
