import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

describe('company screens', () => {
  beforeEach(() => localStorage.clear());

  it('adds a new address from the company form without losing what was typed, and chooses it', async () => {
    const addresses = [
      { _id: 'a-1', street: '12 Silo Road', suburb: 'Wagga Wagga', city: '', state: 'NSW', postcode: '2650', province: '', country: 'Australia' },
    ];
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: { ...adminUser, company: null, companyId: undefined } }),
      'GET /api/company/addresses': () => ({ address_list: addresses }),
      'POST /api/company/address/create': ({ body }) => {
        const a = { _id: 'a-2', ...(body as object) };
        return { status: 201, body: { address: a } };
      },
      'POST /api/company/profile/create': () => ({ status: 201, body: { company: { _id: 'c-9' } } }),
    });
    const user = userEvent.setup();
    renderApp('/views/company/create');
    await user.type(await screen.findByLabelText(/^Name of organization/), 'Riverina Grain Co');
    await user.type(screen.getByLabelText(/^Email/), 'office@riverina.example');
    await user.click(screen.getByTestId('add-address'));
    const dialog = await screen.findByTestId('new-address-dialog');
    await user.type(within(dialog).getByLabelText(/^Street/), '7 Mill Lane');
    // an Australian address (the country the form starts in) asks for its state and postcode
    await user.type(within(dialog).getByLabelText(/^Suburb or town/), 'Junee');
    await user.click(within(dialog).getByLabelText(/^State/));
    await user.click(await screen.findByRole('option', { name: 'New South Wales (NSW)' }));
    await user.type(within(dialog).getByLabelText(/^Postcode/), '2663');
    await user.click(within(dialog).getByTestId('new-address-submit'));
    await waitFor(() => expect(screen.queryByTestId('new-address-dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/views/company/create');
    expect(screen.getByLabelText(/^Name of organization/)).toHaveValue('Riverina Grain Co');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('office@riverina.example');
    expect(screen.getByLabelText(/^Address/)).toHaveTextContent('7 Mill Lane, Junee NSW 2663, Australia');
    expect(api.find('POST', '/api/company/address/create')[0].body).toEqual({
      street: '7 Mill Lane',
      suburb: 'Junee',
      city: '',
      state: 'NSW',
      postcode: '2663',
      province: null,
      country: 'Australia',
    });
    expect(api.find('POST', '/api/company/profile/create')).toHaveLength(0); // the dialog's submit is its own
  });

  it('sends a user without a company from the profile to the create form, which creates it', async () => {
    let company: Record<string, unknown> | null = null;
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: { ...adminUser, company: company ? company._id : null, companyId: undefined } }),
      'GET /api/company/addresses': () => ({
        address_list: [
          { _id: 'a-1', street: '12 Silo Road', suburb: 'Wagga Wagga', city: '', state: 'NSW', postcode: '2650', province: '', country: 'Australia' },
        ],
      }),
      'POST /api/company/profile/create': ({ body }) => {
        company = {
          _id: 'c-9',
          ...(body as object),
          address: { _id: 'a-1', street: '12 Silo Road', suburb: 'Wagga Wagga', city: '', state: 'NSW', postcode: '2650', province: '', country: 'Australia' },
          bankAccounts: [],
        };
        return { status: 201, body: { company } };
      },
      'GET /api/company/profile/c-9': () => ({ company }),
    });
    const user = userEvent.setup();
    renderApp('/views/company/detail');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/company/create'));

    await user.type(await screen.findByLabelText(/^ABN \(or Vietnamese tax code\)/), '123');
    await user.type(screen.getByLabelText(/^Name of organization/), 'Riverina Grain Co');
    await user.type(screen.getByLabelText(/^Email/), 'office@riverina.example');
    await user.click(screen.getByTestId('company-submit'));
    expect(await screen.findAllByText(/Enter an 11-digit Australian Business Number \(ABN\) or a 10- or 13-digit Vietnamese tax code/)).not.toHaveLength(0);
    expect(screen.getByTestId('invalid-msg')).toHaveTextContent(/^Please re-input info: /);

    await user.clear(screen.getByLabelText(/^ABN \(or Vietnamese tax code\)/));
    await user.type(screen.getByLabelText(/^ABN \(or Vietnamese tax code\)/), '51 824 753 556');
    await user.click(screen.getByLabelText(/^Address/));
    await user.click(await screen.findByRole('option', { name: '12 Silo Road, Wagga Wagga NSW 2650, Australia' }));
    await user.click(screen.getByTestId('company-submit'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Company created');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/company/detail'));
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Riverina Grain Co');
    const sent = api.find('POST', '/api/company/profile/create')[0].body as Record<string, unknown>;
    // the ABN goes as its 11 digits
    expect(sent).toMatchObject({ tfn: '51824753556', name: 'Riverina Grain Co', address: 'a-1', email: 'office@riverina.example' });
    expect(sent).not.toHaveProperty('bankAccount');
  });
});
