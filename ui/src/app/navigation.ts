/** Top menu tabs of spec 000 §2, in order; the routes belong to the features that render them. */
export const TOP_TABS: ReadonlyArray<{ label: string; to: string; match: string }> = [
  { label: 'nav.certificates', to: '/views/approval/list', match: '/views/approval/list' },
  { label: 'nav.farmData', to: '/views/farmdata/harvesting/list', match: '/views/farmdata' },
  { label: 'nav.documents', to: '/views/document/list', match: '/views/document' },
  { label: 'nav.newCertificate', to: '/views/approval/create', match: '/views/approval/create' },
  { label: 'nav.policy', to: '/views/policy/list', match: '/views/policy' },
  { label: 'nav.compliance', to: '/views/compliance/list', match: '/views/compliance' },
];

/** The side menu 'User Setting' (spec 000 §2), plus the company and group screens it leads to. */
export const USER_SETTING_LINKS: ReadonlyArray<{ label: string; to: string; match: string[] }> = [
  { label: 'nav.userManagement', to: '/views/user/list', match: ['/views/user/', '/views/UserManagement'] },
  { label: 'nav.groups', to: '/views/group/list', match: ['/views/group/'] },
  { label: 'nav.company', to: '/views/company/detail', match: ['/views/company', '/views/address/'] },
  { label: 'nav.signature', to: '/views/signature/detail', match: ['/views/signature/'] },
];

export const LOGIN_PATH = '/views/login';
export const HOME_PATH = '/views/approval/list';

/** Which tab is current: the longest matching prefix wins (create-certificate over the certificate area). */
export function currentTab(pathname: string): string | false {
  const p = pathname.toLowerCase();
  if (p === '/views/home' || (p.startsWith('/views/approval/') && !p.startsWith('/views/approval/create'))) return '/views/approval/list';
  const hit = TOP_TABS.filter((t) => p.startsWith(t.match.toLowerCase())).sort((a, b) => b.match.length - a.match.length)[0];
  return hit?.to ?? false;
}
