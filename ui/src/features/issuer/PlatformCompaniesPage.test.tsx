import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformCompanyView } from '@grain/domain';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const unverified: PlatformCompanyView = {
  _id: 'c-2',
  name: 'Namesake Grain',
  tfn: '51824753556',
  registration: 'ABN 51 824 753 556',
  verifiedAt: null,
  verifiedBy: null,
  website: null,
  createdAt: '2025-10-01T00:00:00.000Z',
};

describe("the platform operator's companies", () => {
  it.each([
    ['en' as const, 'I checked in the public register that ABN 51 824 753 556 belongs to "Namesake Grain".', 'Verified 02/10/2025 by ops@platform.example'],
    [
      'vn' as const,
      'Tôi đã kiểm tra trong cơ sở dữ liệu đăng ký công khai rằng ABN 51 824 753 556 thuộc về "Namesake Grain".',
      'Đã xác minh 02/10/2025 bởi ops@platform.example',
    ],
  ])('verifies a company after confirming the name and number it checked (%s)', async (lang, confirm, verified) => {
    let company = unverified;
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: { ...adminUser, companyId: undefined }, company: null }),
      'GET /api/platform/companies': () => ({ companies: [company] }),
      'POST /api/platform/company/c-2/verify': () => {
        company = { ...company, verifiedAt: '2025-10-02T01:00:00.000Z', verifiedBy: 'ops@platform.example' };
        return { company, events: [] };
      },
    });
    renderApp('/views/platform/companies', { lang });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('platform-verify-c-2', {}, { timeout: 30_000 }));
    expect(await screen.findByTestId('platform-confirm')).toHaveTextContent(confirm);
    await user.type(screen.getByTestId('platform-note'), 'ABN Lookup 2025-10-02');
    await user.click(screen.getByTestId('platform-submit'));
    await waitFor(() => expect(screen.getByTestId('platform-company-c-2')).toHaveTextContent(verified));
    expect(api.find('POST', '/api/platform/company/c-2/verify')[0].body).toEqual({
      name: 'Namesake Grain',
      registration: '51824753556',
      note: 'ABN Lookup 2025-10-02',
    });
  });

  it('tells anyone else the server refused them', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser, company: { _id: 'c-1', name: 'Riverina Grain Co' } }),
      'GET /api/platform/companies': () => ({ status: 403, body: { invalidMsg: 'Access denied', code: 'ACCESS_DENIED' } }),
    });
    renderApp('/views/platform/companies');
    expect(await screen.findByTestId('platform-error', {}, { timeout: 30_000 })).toHaveTextContent('Access denied');
  });
});
