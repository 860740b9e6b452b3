import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

describe('digital signature screens', () => {
  beforeEach(() => localStorage.clear());

  it('generates a signature with a password and effective date, then shows GUID, dates and certificate', async () => {
    let signature: Record<string, string> | null = null;
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/signature': () => ({ signature }),
      'POST /api/company/signature/create': ({ body }) => {
        const b = body as { effectiveDate: string };
        signature = {
          _id: 'sig-1',
          guid: '6f1c2a7e-guid',
          effectiveDate: b.effectiveDate,
          lastModified: '2026-01-05T10:00:00.000Z',
          certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        };
        return { status: 201, body: { signature } };
      },
    });
    const user = userEvent.setup();
    renderApp('/views/signature/detail');
    expect(await screen.findByTestId('signature-none')).toHaveTextContent('No digital signature yet');
    await user.click(screen.getByTestId('signature-edit'));

    await user.type(await screen.findByLabelText(/^Signature password/), 'Sig#nature1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Sig#nature2');
    await user.clear(screen.getByLabelText(/^Effective date/));
    await user.type(screen.getByLabelText(/^Effective date/), '05/01/2026');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Mismatch password')).toBeInTheDocument();
    expect(api.find('POST', '/api/company/signature/create')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Sig#nature1');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/signature/detail'));
    expect(api.find('POST', '/api/company/signature/create')[0].body).toEqual({ password: 'Sig#nature1', effectiveDate: '2026-01-05' });
    expect(await screen.findByTestId('signature-guid')).toHaveTextContent('6f1c2a7e-guid');
    expect(screen.getByTestId('signature-certificate')).toHaveTextContent('BEGIN CERTIFICATE');
    expect(screen.getByTestId('signature-edit')).toHaveTextContent('Update');
  });

  it("updates with the current key's password: a new key, and it says what becomes of the old one", async () => {
    const current = { _id: 'sig-1', guid: 'guid-1', effectiveDate: '2026-01-05', lastModified: '2026-01-05T10:00:00.000Z', certificate: 'PEM-1' };
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/signature': () => ({ signature: current }),
      'POST /api/company/signature/sig-1/update': () => ({ signature: { ...current, _id: 'sig-2', guid: 'guid-2' } }),
    });
    const user = userEvent.setup();
    renderApp('/views/signature/update');
    expect(await screen.findByText(/Updating makes a new key with a new GUID/)).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Current signature password/), 'Sig#nature1');
    await user.type(screen.getByLabelText(/^Signature password/), 'Sig#nature2');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Sig#nature2');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.find('POST', '/api/company/signature/sig-1/update')).toHaveLength(1));
    expect(api.find('POST', '/api/company/signature/sig-1/update')[0].body).toMatchObject({ password: 'Sig#nature2', oldPassword: 'Sig#nature1' });
  });
});
