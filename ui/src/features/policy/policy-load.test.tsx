import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

describe('the policy reference', () => {
  it.each([
    ['en', 'Policy Control', 'The policy reference could not be loaded.'],
    ['vn', 'Kiểm soát chính sách', 'Không tải được dữ liệu chính sách.'],
  ] as const)('says so when it cannot be loaded (%s)', async (lang, title, failed) => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/policy/policyorg/list': () => ({ policyOrganisationList: [] }),
      'GET /api/policy/policyaction/list': () => ({ status: 503, body: { invalidMsg: 'down', code: 'UNAVAILABLE' } }),
    });
    renderApp('/views/policy/list', { lang });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(await screen.findByText(failed)).toBeInTheDocument();
  });
});
