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
/** A day as the field shows it: day/month/year with the whole year, in en and vn alike (i18n/dates.ts). */
const dmy = (days: number) => ymd(days).split('-').reverse().join('/');
const deadline = (level: number) => screen.getByTestId(`level-deadline-${level}`) as HTMLInputElement;
const picker = (level: number) => screen.getByTestId(`level-deadline-${level}-picker`) as HTMLInputElement;

describe('certificate form: due dates and what is missing', () => {
  it('gives each default level a due date in the future, a few days after the one before', async () => {
    start();
    await screen.findByTestId('level-deadline-3');
    expect([1, 2, 3].map((n) => deadline(n).value)).toEqual([dmy(3), dmy(7), dmy(11)]);
    await userEvent.click(screen.getByTestId('add-level'));
    expect(deadline(4).value).toBe(dmy(15));
    expect(picker(1).min).toBe(ymd(0)); // the calendar offers no past day
  });

  it.each(['en', 'vn'] as const)(
    "shows due dates day/month/year with the whole year, whatever the browser's locale, and takes a typed day (%s)",
    async (lang) => {
      const api = start(lang);
      await screen.findByTestId('level-deadline-3');
      expect(deadline(1).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const user = userEvent.setup();
      await user.clear(deadline(1));
      await user.type(deadline(1), '5/1/2099');
      // the calendar picks a day too
      fireEvent.change(picker(2), { target: { value: '2099-02-14' } });
      expect(deadline(2).value).toBe('14/02/2099');
      await user.type(screen.getByTestId('approval-name'), 'Lot 7');
      // the typed day, once the field is left, reads in full (checked before saving: a save leaves the form)
      expect(deadline(1).value).toBe('05/01/2099');
      await user.click(screen.getByTestId('form-save'));
      await waitFor(() => expect(api.find('POST', '/api/company/approval/create')).toHaveLength(1));
      const levels = (api.find('POST', '/api/company/approval/create')[0].body as { approvalLevels: Array<{ deadline: string }> }).approvalLevels;
      expect(levels.map((l) => l.deadline)).toEqual(['2099-01-05', '2099-02-14', ymd(11)]);
    },
  );

  it('refuses a day that does not exist or lacks its year, saying what to type', async () => {
    const api = start();
    await screen.findByTestId('level-deadline-1');
    const user = userEvent.setup();
    await user.clear(deadline(1));
    await user.type(deadline(1), '31/02/27');
    await user.type(screen.getByTestId('approval-name'), 'Lot 7');
    await user.click(screen.getByTestId('form-save'));
    const dialog = await screen.findByTestId('missing-fields-dialog');
    expect(within(dialog).getByTestId('missing-level-deadline-1')).toHaveTextContent('Level 1: Due date');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Enter the day as day/month/year, e.g. 23/11/2026')).toBeInTheDocument();
    expect(api.find('POST', '/api/company/approval/create')).toHaveLength(0);
  });

  it('refuses a due date in the past with a clear message, and sends nothing', async () => {
    const api = start();
    await screen.findByTestId('level-deadline-2');
    fireEvent.change(deadline(2), { target: { value: dmy(-1) } });
    await userEvent.type(screen.getByTestId('approval-name'), 'Lot 7');
    await userEvent.click(screen.getByTestId('form-save'));
    const dialog = await screen.findByTestId('missing-fields-dialog');
    // the dialog says what is wrong with the field, not that every (*) field is required
    expect(within(dialog).getByTestId('missing-level-deadline-2')).toHaveTextContent('Level 2: Due dateThe date is in the past; choose today or a later day');
    expect(dialog).toHaveTextContent('Some fields are missing or need correcting');
    expect(dialog).not.toHaveTextContent('All fields with (*) are required');
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
