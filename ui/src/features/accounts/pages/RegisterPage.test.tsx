import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { fakeApi, signedOut } from '../../../test/fake-api';

describe('registration', () => {
  beforeEach(() => localStorage.clear());

  it('opens with the terms modal, validates each field, registers and continues to the company form', async () => {
    let registered = false;
    const newUser = { _id: 'u-new', email: 'grower@farm.example', firstname: 'Nguyễn', lastname: 'Văn An', role: 'admin', status: 'active', company: null };
    const api = fakeApi({
      // like the real API, registration signs the new user in
      'GET /api/auth/current_user': () => (registered ? { user: newUser, company: null } : signedOut),
      'POST /api/auth/register': () => {
        registered = true;
        return { status: 201, body: { user: newUser, company: null } };
      },
      'GET /api/company/addresses': () => ({ address_list: [] }),
    });
    const user = userEvent.setup();
    renderApp('/views/adminSignup');

    // the terms modal is open at the start and describes the five-step certification process
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    for (const step of ['In-chain data', 'Machine verification', 'Stakeholder endorsement', 'Certificate issue', 'On-chain deployment']) {
      expect(within(terms).getByText(new RegExp(step))).toBeInTheDocument();
    }
    expect(within(terms).getByText(/at least three stakeholders/)).toBeInTheDocument();
    expect(within(terms).getByText(/about 30 days/)).toBeInTheDocument();
    expect(within(terms).getByText(/courts of Victoria/)).toBeInTheDocument();
    expect(screen.getByTestId('register-submit')).toBeDisabled();
    await user.click(within(terms).getByRole('button', { name: 'Agree to process registration' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByRole('heading', { name: 'Account Registration' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'grower@farm.example');
    await user.type(screen.getByLabelText(/^Password/), 'simple');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Other1!xx');
    await user.type(screen.getByLabelText(/^First name/), 'Nguyễn');
    await user.type(screen.getByLabelText(/^Last name/), 'Văn An');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(/^Password too simple/)).toBeInTheDocument();
    // a blocked submit also sets the shared message with the registration prefix
    expect(screen.getByTestId('invalid-msg')).toHaveTextContent(/^Please correct info: /);
    expect(api.find('POST', '/api/auth/register')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Str0ng!pass');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Mismatch password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Str0ng!pass');
    await user.click(screen.getByTestId('register-submit'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Your account is ready. Next, set up your company.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/company/create'));
    // the page says what to do next, and its button creates the company (not 'Update' on an empty form)
    expect(await screen.findByRole('heading', { name: 'Set up your company' })).toBeInTheDocument();
    expect(screen.getByTestId('company-submit')).toHaveTextContent('Create company');
    expect(api.find('POST', '/api/auth/register')[0].body).toEqual({
      email: 'grower@farm.example',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
      firstname: 'Nguyễn',
      lastname: 'Văn An',
      phone: '',
      role: 'admin',
      termsAccepted: true,
    });
  });

  it('a staff member, who cannot set up a company, is told to ask the administrator instead of landing on a refused form', async () => {
    let registered = false;
    const staff = { _id: 'u-staff', email: 'hand@farm.example', firstname: 'Minh', lastname: 'Le', role: 'staff', status: 'active', company: null };
    fakeApi({
      'GET /api/auth/current_user': () => (registered ? { user: staff, company: null } : signedOut),
      'POST /api/auth/register': () => {
        registered = true;
        return { status: 201, body: { user: staff, company: null } };
      },
    });
    const user = userEvent.setup();
    renderApp('/views/adminSignup');
    await user.click(await screen.findByRole('button', { name: 'Agree to process registration' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText(/^Email/), 'hand@farm.example');
    await user.type(screen.getByLabelText(/^Password/), 'Str0ng!pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Str0ng!pass');
    await user.type(screen.getByLabelText(/^First name/), 'Minh');
    await user.type(screen.getByLabelText(/^Last name/), 'Le');
    await user.click(screen.getByLabelText(/^Role/));
    await user.click(await screen.findByRole('option', { name: 'Staff' }));
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent("Your account is ready. Ask your company's administrator to add you to the company.");
    expect(await screen.findByTestId('company-first')).toHaveTextContent('Your account is not part of a company yet');
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
  });

  it('shows the server refusal in red and stays on the form', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'POST /api/auth/register': () => ({ status: 409, body: { invalidMsg: 'This email is already registered', code: 'EMAIL_TAKEN' } }),
    });
    const user = userEvent.setup();
    renderApp('/views/adminSignup');
    await user.click(await screen.findByRole('button', { name: 'Agree to process registration' }));
    await user.type(screen.getByLabelText(/^Email/), 'taken@farm.example');
    await user.type(screen.getByLabelText(/^Password/), 'Str0ng!pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Str0ng!pass');
    await user.type(screen.getByLabelText(/^First name/), 'Tom');
    await user.type(screen.getByLabelText(/^Last name/), 'Grain');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('invalid-msg')).toHaveTextContent('This email is already registered');
    expect(screen.getByTestId('location')).toHaveTextContent('/views/adminSignup');
  });
});
