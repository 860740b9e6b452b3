import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

function start(lang: 'en' | 'vn' = 'en') {
  sessionStorage.clear();
  const api = fakeApi({
    'GET /api/auth/current_user': () => ({ user: adminUser }),
    'GET /api/company/approval/create': () => ({
      approvalNumber: '202511101',
      signers: [{ _id: 'u-1', fullName: 'Ann Signer', email: 'ann@x.io', role: 'signer' }],
    }),
    'GET /api/farmdata/harvesting/list': () => ({ farmDatas: [] }),
    'GET /api/company/documentes': () => ({ documents: [] }),
    'GET /api/company/approvaltemplates': () => ({ templates: [] }),
    'POST /api/company/approval/create': () => ({ status: 201, body: { approval: { _id: 'c-new' } } }),
  });
  renderApp('/views/approval/create', { lang });
  return api;
}

const ymd = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const deadline = (level: number) => screen.getByTestId(`level-deadline-${level}`) as HTMLInputElement;

describe('certificate form: due dates and what is missing', () => {
  it('gives each default level a due date in the future, a few days after the one before', async () => {
    start();
    await screen.findByTestId('level-deadline-3');
    expect([1, 2, 3].map((n) => deadline(n).value)).toEqual([ymd(3), ymd(7), ymd(11)]);
    await userEvent.click(screen.getByTestId('add-level'));
    expect(deadline(4).value).toBe(ymd(15));
    expect(deadline(1).min).toBe(ymd(0)); // the date picker offers no past day
  });

  it('refuses a due date in the past with a clear message, and sends nothing', async () => {
    const api = start();
    await screen.findByTestId('level-deadline-2');
    fireEvent.change(deadline(2), { target: { value: ymd(-1) } });
    await userEvent.type(screen.getByTestId('approval-name'), 'Lot 7');
    await userEvent.click(screen.getByTestId('form-save'));
    const dialog = await screen.findByTestId('missing-fields-dialog');
    expect(within(dialog).getByTestId('missing-level-deadline-2')).toHaveTextContent('Level 2: Due date');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The date is in the past; choose today or a later day')).toBeInTheDocument();
    expect(api.find('POST', '/api/company/approval/create')).toHaveLength(0);
  });

  it('names every missing field on submit and takes the user to the first', async () => {
    start();
    await screen.findByTestId('level-deadline-3');
    await userEvent.click(screen.getByTestId('form-submit'));
    const dialog = await screen.findByTestId('missing-fields-dialog');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Certificate name', 'Primary document (farm data)', 'Level 1: Approvers', 'Level 2: Approvers', 'Level 3: Approvers']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('approval-name')));
  });

  it('names them in Vietnamese', async () => {
    start('vn');
    await screen.findByTestId('level-deadline-3');
    await userEvent.type(screen.getByTestId('approval-name'), 'Lô 7');
    await userEvent.click(screen.getByTestId('form-submit'));
    const dialog = await screen.findByTestId('missing-fields-dialog');
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('Tài liệu chính (dữ liệu nông trại)');
    expect(dialog).toHaveTextContent('Tất cả các trường có dấu (*) là bắt buộc');
  });
});
