import type { Permission } from '@grain/domain';

/**
 * Top menu tabs of docs/spec/approvals.md §2, in order; the routes belong to the features that render them. A tab
 * with a `permission` is shown only to users holding it (the server refuses the others anyway).
 */
export const TOP_TABS: ReadonlyArray<{ label: string; to: string; match: string; permission?: Permission; badge?: string }> = [
  { label: 'nav.inbox', to: '/views/approval/inbox', match: '/views/approval/inbox', permission: 'signApproval', badge: 'inbox' },
  { label: 'nav.certificates', to: '/views/approval/list', match: '/views/approval/list' },
  { label: 'nav.farmData', to: '/views/farmdata/harvesting/list', match: '/views/farmdata' },
  { label: 'nav.documents', to: '/views/document/list', match: '/views/document' },
  { label: 'nav.newCertificate', to: '/views/approval/create', match: '/views/approval/create', permission: 'editApproval' },
  { label: 'nav.policy', to: '/views/policy/list', match: '/views/policy' },
  { label: 'nav.compliance', to: '/views/compliance/list', match: '/views/compliance' },
  { label: 'nav.correctiveActions', to: '/views/corrective-actions/list', match: '/views/corrective-actions', permission: 'viewCorrectiveAction' },
  { label: 'nav.overdue', to: '/views/approval/overdue', match: '/views/approval/overdue', permission: 'viewSystem' },
  { label: 'nav.templates', to: '/views/template/list', match: '/views/template', permission: 'editApproval' },
];

/**
 * The side menu 'User Setting' (docs/spec/approvals.md §2), plus the company and group screens it leads to. Users
 * without `viewSystem` cannot list users or groups; they get their own profile instead (`withoutPermission`).
 */
export const USER_SETTING_LINKS: ReadonlyArray<{ label: string; to: string; match: string[]; permission?: Permission; withoutPermission?: Permission }> = [
  { label: 'nav.userManagement', to: '/views/user/list', match: ['/views/user/', '/views/UserManagement'], permission: 'viewSystem' },
  { label: 'nav.myProfile', to: '/views/user/detail', match: ['/views/user/'], withoutPermission: 'viewSystem' },
  { label: 'nav.groups', to: '/views/group/list', match: ['/views/group/'], permission: 'viewSystem' },
  { label: 'nav.company', to: '/views/company/detail', match: ['/views/company', '/views/address/'] },
  { label: 'nav.signature', to: '/views/signature/detail', match: ['/views/signature/'] },
];

/** The links of a list above that `can` allows. */
export function allowed<T extends { permission?: Permission; withoutPermission?: Permission }>(links: ReadonlyArray<T>, can: (p: Permission) => boolean): T[] {
  return links.filter((l) => (!l.permission || can(l.permission)) && (!l.withoutPermission || !can(l.withoutPermission)));
}

export const LOGIN_PATH = '/views/login';
export const HOME_PATH = '/views/approval/list';
const INBOX_PATH = '/views/approval/inbox';

/** What the guard hands the login page (router state) when it sends a visitor there. */
export interface LoginRedirect {
  /** The page the visitor was sent away from. */
  from?: string;
  /** Who was signed in when the session ended (a 401 mid-session); unset on a fresh page load. */
  fromUser?: string;
  /** True when a session ended under the user (shows a 'please sign in again' note). */
  expired?: boolean;
}

/**
 * Where a fresh sign-in goes: the page the guard sent the visitor away from, but only when nobody else
 * was signed in on it in this tab (an e-mailed link opened before signing in, or the same user after
 * an expired session); otherwise the certificate list. A logout never leaves a page behind.
 */
export const COMPANY_SETUP_PATH = '/views/company/create';

/**
 * Where a sign-in lands: an admin without a company yet sets one up first (every other screen needs
 * it; anyone else without one lands home, which says to ask their administrator); otherwise back where
 * the session left off, or home.
 */
export function afterLoginPath(
  state: LoginRedirect | null | undefined,
  user: { id: string; role?: string; companyId?: string | null; permissions?: readonly string[] } | null | undefined,
): string {
  if (user && !user.companyId) return user.role === 'admin' ? COMPANY_SETUP_PATH : HOME_PATH;
  // someone who signs but does not write certificates starts at what waits for their signature
  const home = user?.permissions?.includes('signApproval') && !user.permissions.includes('editApproval') ? INBOX_PATH : HOME_PATH;
  const userId = user?.id;
  const from = state?.from;
  if (!from || from === '/' || from.toLowerCase().startsWith(LOGIN_PATH)) return home;
  if (state?.fromUser && state.fromUser !== userId) return home;
  return from;
}

/** Which tab is current: the longest matching prefix wins (create-certificate over the certificate area). */
export function currentTab(pathname: string): string | false {
  const p = pathname.toLowerCase();
  const own = ['/views/approval/create', '/views/approval/inbox', '/views/approval/overdue'];
  if (p === '/views/home' || (p.startsWith('/views/approval/') && !own.some((o) => p.startsWith(o)))) return '/views/approval/list';
  const hit = TOP_TABS.filter((t) => p.startsWith(t.match.toLowerCase())).sort((a, b) => b.match.length - a.match.length)[0];
  return hit?.to ?? false;
}
