import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import type { CompanyIdentityAnswer } from '@grain/domain';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const company = { _id: 'c-1', name: 'Riverina Grain Co', tfn: '51824753556', website: 'https://riverina-grain.example', bankAccounts: [], address: null };
const identity = (verifiedAt: string | null): CompanyIdentityAnswer => ({
  identity: {
    name: 'Riverina Grain Co',
    registration: 'ABN 51 824 753 556',
    registrationScheme: 'ABN',
    country: 'AU',
    verifiedAt,
    caFingerprint: verifiedAt ? '0A:'.repeat(31) + '0A' : null,
    did: 'did:web:riverina-grain.example',
    sealFingerprint: verifiedAt ? 'ab'.repeat(32) : null,
  },
  didDocumentUrl: 'https://riverina-grain.example/.well-known/did.json',
  didDocument: verifiedAt ? { id: 'did:web:riverina-grain.example' } : null,
  events: verifiedAt
    ? [{ action: 'verified', name: 'Riverina Grain Co', registration: '51824753556', by: 'ops@platform.example', note: 'ABN Lookup', at: verifiedAt }]
    : [],
  sealRevocations: [],
});

describe("the company's issuer identity", () => {
  it.each([
    ['en' as const, 'Verified by the platform operator on 01/10/2025', 'Publish this document at https://riverina-grain.example/.well-known/did.json'],
    [
      'vn' as const,
      'Đã được nhà vận hành nền tảng xác minh ngày 01/10/2025',
      'Hãy công bố tài liệu này tại https://riverina-grain.example/.well-known/did.json',
    ],
  ])('shows a verified company its CA fingerprint and the DID document to publish on its own domain (%s)', async (lang, verified, publish) => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser, company }),
      'GET /api/company/profile/c-1': () => ({ company }),
      'GET /api/company/addresses': () => ({ address_list: [] }),
      'GET /api/company/identity': () => identity('2025-10-01T03:00:00.000Z'),
    });
    renderApp('/views/company/detail', { lang });
    expect(await screen.findByTestId('issuer-verified', {}, { timeout: 30_000 })).toHaveTextContent(verified);
    expect(screen.getByTestId('issuer-ca-fingerprint')).toHaveTextContent('0A:0A');
    expect(screen.getByTestId('issuer-identity')).toHaveTextContent(publish);
    expect(screen.getByTestId('issuer-did-download')).toHaveAttribute('href', '/api/company/identity/did.json');
    expect(screen.getByTestId('issuer-events')).toHaveTextContent('ops@platform.example');
  });

  it.each([
    ['en' as const, 'Not verified yet.'],
    ['vn' as const, 'Chưa được xác minh.'],
  ])('tells an unverified company why it cannot submit yet (%s)', async (lang, text) => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser, company }),
      'GET /api/company/profile/c-1': () => ({ company }),
      'GET /api/company/addresses': () => ({ address_list: [] }),
      'GET /api/company/identity': () => identity(null),
    });
    renderApp('/views/company/detail', { lang });
    expect(await screen.findByTestId('issuer-unverified', {}, { timeout: 30_000 })).toHaveTextContent(text);
    expect(screen.queryByTestId('issuer-did-download')).toBeNull();
  });

  it.each([
    ['en' as const, 'Revoke the seal certificate', 'Reason', 'Revoke', 'The seal key was on a stolen laptop · ada@riverina.example'],
    ['vn' as const, 'Thu hồi chứng thư con dấu', 'Lý do', 'Thu hồi', 'The seal key was on a stolen laptop · ada@riverina.example'],
  ])('lets an admin revoke the seal certificate with a reason, and lists the revocation (%s)', async (lang, button, reason, confirm, audit) => {
    const fp = 'ab'.repeat(32);
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser, company }),
      'GET /api/company/profile/c-1': () => ({ company }),
      'GET /api/company/addresses': () => ({ address_list: [] }),
      'GET /api/company/identity': () => identity('2025-10-01T03:00:00.000Z'),
      [`POST /api/company/identity/seal/${fp}/revoke`]: (call) => {
        const a = identity('2025-10-01T03:00:00.000Z');
        a.identity.sealFingerprint = 'cd'.repeat(32);
        a.sealRevocations = [
          {
            serial: '0F',
            caFingerprint: '1'.repeat(64),
            revokedAt: '2025-12-02T09:00:00.000Z',
            reason: (call.body as { reason: string }).reason,
            by: 'ada@riverina.example',
          },
        ];
        return a;
      },
    });
    renderApp('/views/company/detail', { lang });
    const user = userEvent.setup();
    expect(await screen.findByTestId('issuer-seal-fingerprint', {}, { timeout: 30_000 })).toHaveTextContent(fp);
    await user.click(screen.getByRole('button', { name: button }));
    await user.type(screen.getByLabelText(reason), 'The seal key was on a stolen laptop');
    await user.click(screen.getByRole('button', { name: confirm }));
    expect(await screen.findByTestId('issuer-seal-revocations')).toHaveTextContent(audit);
    expect(screen.getByTestId('issuer-seal-fingerprint')).toHaveTextContent('cd'.repeat(32));
    expect(api.find('POST', `/api/company/identity/seal/${fp}/revoke`)[0].body).toEqual({ reason: 'The seal key was on a stolen laptop' });
  });
});
