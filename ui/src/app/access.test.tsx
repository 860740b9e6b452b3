import { screen, waitFor } from '@testing-library/react';
import type { Permission } from '@grain/domain';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';

/** A company user whose group grants `permissions` (not admin). */
const member = (permissions: Permission[], extra: Record<string, unknown> = {}) => ({ ...adminUser, id: 'u-staff', role: 'staff', permissions, ...extra });

const signedIn = (user: Record<string, unknown>) => fakeApi({ 'GET /api/auth/current_user': () => ({ user }) });

/**
 * Every create/update form (and the lists behind them) reached by direct address: a user whose
 * permissions do not allow the action sees the access-denied screen, not a form the server would
 * refuse on submit. [path, permission that opens it, test id of the screen]
 */
const GUARDED: Array<[string, Permission, string]> = [
  ['/views/user/create', 'editSystem', 'user-create'],
  ['/views/user/update?id=u-other', 'editSystem', 'user-update'],
  ['/views/user/list', 'viewSystem', 'user-list'],
  ['/views/user/update_password?id=u-other', 'editSystem', 'user-password'],
  ['/views/group/list', 'viewSystem', 'group-list'],
  ['/views/group/create', 'editSystem', 'group-create'],
  ['/views/group/update?id=g-1', 'editSystem', 'group-update'],
  ['/views/company/update', 'editSystem', 'company-update'],
  ['/views/address/create', 'editSystem', 'address-create'],
  ['/views/address/update?id=a-1', 'editSystem', 'address-update'],
  ['/views/signature/create', 'editInfo', 'signature-create'],
  ['/views/signature/update', 'editInfo', 'signature-update'],
  ['/views/approval/create', 'editApproval', 'approval-form'],
  ['/views/approval/update?id=c-1', 'editApproval', 'approval-form'],
  ['/views/template/list', 'viewApproval', 'template-list'],
  ['/views/farmdata/harvesting/list', 'viewDocument', 'farm-list'],
  ['/views/farmdata/harvesting/create', 'editDocument', 'farm-create'],
  ['/views/farmdata/harvesting/upload', 'editDocument', 'farm-upload'],
  ['/views/farmdata/harvesting/streaming', 'editDocument', 'farm-streaming'],
  ['/imagevalidation?farm_data_id=f-1', 'editDocument', 'image-validation'],
  ['/views/document/list', 'viewDocument', 'document-list'],
  ['/views/document/create', 'editDocument', 'document-create'],
  ['/views/document/update?id=d-1', 'editDocument', 'document-update'],
];

describe('route guards by permission', () => {
  it.each(GUARDED)('%s without %s shows Access denied instead of the screen', async (path, permission, testId) => {
    // everything but the needed permission
    const others = (
      ['editSystem', 'viewSystem', 'editApproval', 'viewApproval', 'editDocument', 'viewDocument', 'editInfo', 'viewInfo'] as Permission[]
    ).filter((p) => p !== permission);
    const api = signedIn(member(others));
    renderApp(path);
    expect(await screen.findByTestId('access-denied')).toHaveTextContent('Access denied');
    expect(screen.getByText(/does not allow this page/)).toBeInTheDocument();
    expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument(); // no form at all
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/login']); // the screen never loaded
  });

  it.each(GUARDED)('%s with %s opens the screen', async (path, permission, testId) => {
    const api = signedIn(member([permission, 'viewInfo']));
    renderApp(path);
    // the screen shows, or (one waiting for its record, answered 404 here) at least asks the server for its data
    await waitFor(() => expect(screen.queryByTestId(testId) ?? api.calls.find((c) => c.path !== '/api/auth/current_user')).toBeTruthy());
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
  });

  it('says it in Vietnamese', async () => {
    signedIn(member(['viewInfo']));
    renderApp('/views/document/create', { lang: 'vn' });
    expect(await screen.findByTestId('access-denied')).toHaveTextContent('Từ chối truy cập');
    expect(screen.getByText(/không được phép dùng trang này/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Về trang Chứng nhận' })).toHaveAttribute('href', '/views/approval/list');
  });

  it('lets anyone open their own record and password, and admin everything', async () => {
    signedIn(member(['viewInfo']));
    const own = renderApp('/views/user/update?id=u-staff');
    expect(await screen.findByTestId('user-update')).toBeInTheDocument();
    own.unmount();
    const pw = renderApp('/views/user/update_password');
    expect(await screen.findByTestId('user-password')).toBeInTheDocument();
    pw.unmount();
    signedIn(adminUser);
    renderApp('/views/group/create');
    expect(await screen.findByTestId('group-create')).toBeInTheDocument();
  });

  it('lets a founder (admin without a company) enter the company and its address, nobody else create one', async () => {
    signedIn({ ...adminUser, companyId: null });
    const a = renderApp('/views/address/create');
    expect(await screen.findByTestId('address-create')).toBeInTheDocument();
    a.unmount();
    const c = renderApp('/views/company/create');
    expect(await screen.findByTestId('company-create')).toBeInTheDocument();
    c.unmount();
    signedIn(member(['editSystem', 'viewSystem']));
    renderApp('/views/company/create');
    expect(await screen.findByTestId('access-denied')).toBeInTheDocument();
  });
});
