/**
 * Words the system itself stores in English (the default groups a user's role names, the audit trail's
 * "system", the default names of a new certificate's levels, grain types) read in Vietnamese on every
 * screen that shows them; a name someone typed is shown and saved as typed.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import type { AuditEntryView, CertificateView, LevelView } from '@grain/domain';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';
import { I18nProvider } from '../i18n/i18n';
import { AuditTrail } from '../features/certificates/detail/AuditTrail';
import { LevelDetailPanel } from '../features/certificates/detail/LevelDetailPanel';
import { DelegateDialog } from '../features/certificates/detail/DelegateDialog';
import { LevelPanel } from '../features/certificates/form/LevelPanel';
import { emptyForm, newLevel, toInput, type ApprovalForm } from '../features/certificates/form/form-model';

const vn = (ui: React.ReactNode) => render(<I18nProvider initial="vn">{ui}</I18nProvider>);
const person = (id: string, fullName: string, role: string) => ({ _id: id, fullName, email: `${id}@farm.example`, role });

describe('roles (default group names) in Vietnamese', () => {
  beforeEach(() => localStorage.clear());

  it('the user list names each default role in Vietnamese', async () => {
    const users = [
      ['admin', 'Olivia'],
      ['manager', 'Jack'],
      ['staff', 'Chloe'],
      ['signer', 'Liam'],
      ['Kho Junee', 'Minh'],
    ].map(([role, firstname], i) => ({
      _id: `u-${i}`,
      email: `${firstname.toLowerCase()}@farm.example`,
      firstname,
      lastname: 'X',
      phone: '',
      role,
      status: 'active',
      company: { _id: 'c-1', name: 'Riverina Grain' },
    }));
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/users': () => ({ user_list: users, total: users.length, groups: [] }),
    });
    renderApp('/views/user/list', { lang: 'vn' });
    const row = async (email: string) => (await screen.findByText(email)).closest('[role=row]') as HTMLElement;
    expect(within(await row('olivia@farm.example')).getByText('Quản trị viên')).toBeInTheDocument();
    expect(within(await row('jack@farm.example')).getByText('Quản lý')).toBeInTheDocument();
    expect(within(await row('chloe@farm.example')).getByText('Nhân viên')).toBeInTheDocument();
    expect(within(await row('liam@farm.example')).getByText('Người ký duyệt')).toBeInTheDocument();
    // a group the company named itself keeps its name
    expect(within(await row('minh@farm.example')).getByText('Kho Junee')).toBeInTheDocument();
    expect(screen.queryByText('signer')).not.toBeInTheDocument();
    expect(screen.queryByText('staff')).not.toBeInTheDocument();
  });

  it("the group list, the company's legal representative and the user form's role choices", async () => {
    const groups = ['admin', 'manager', 'signer', 'staff'].map((groupName, i) => ({ _id: `g-${i}`, groupName, status: 'active', roles: [] }));
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/groups': () => ({ groups }),
      'GET /api/company/user/create': () => ({ groups }),
      'GET /api/company/profile/c-1': () => ({
        company: {
          _id: 'c-1',
          name: 'Riverina Grain',
          tfn: '51824753556',
          reprentative: { _id: 'u-2', firstname: 'Jack', lastname: 'Murray', role: 'manager' },
        },
      }),
    });
    const groupList = renderApp('/views/group/list', { lang: 'vn' });
    expect(await screen.findByText('Người ký duyệt')).toBeInTheDocument();
    expect(screen.getByText('Nhân viên')).toBeInTheDocument();
    expect(screen.queryByText('signer')).not.toBeInTheDocument();
    groupList.unmount();

    const company = renderApp('/views/company/detail', { lang: 'vn' });
    expect(await screen.findByText('Jack Murray (Quản lý)')).toBeInTheDocument();
    company.unmount();

    renderApp('/views/user/create', { lang: 'vn' });
    await userEvent.setup().click(await screen.findByRole('combobox', { name: /Vai trò/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Quản trị viên', 'Quản lý', 'Người ký duyệt', 'Nhân viên']));
    expect(options).not.toContain('signer');
  });

  it("a certificate's signers and the delegate dialog give each signer's role in Vietnamese", async () => {
    const level = {
      _id: 'L1',
      level: 1,
      group: 'Farm Data Signing',
      status: 'signing',
      overdue: false,
      signatures: 1,
      signed: [],
      signedEntries: [],
      signers: [person('u-liam', 'Liam Walsh', 'signer')],
      deadline: '2026-12-01',
      comments: [],
    } as unknown as LevelView;
    const detail = vn(<LevelDetailPanel level={level} current />);
    expect(within(screen.getByTestId('level-detail-1')).getByText('Người ký duyệt')).toBeInTheDocument();
    expect(within(screen.getByTestId('level-detail-1')).queryByText('signer')).not.toBeInTheDocument();
    detail.unmount();

    const approval = { _id: 'c-1', stageLevel: 1, approvalLevels: [level], submitter: { _id: 'u-jack' }, can: {} } as unknown as CertificateView;
    vn(<DelegateDialog open approval={approval} people={[person('u-mia', 'Mia Tran', 'staff')]} onClose={() => undefined} onDone={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('delegate-search'), 'Mia');
    await user.click(await screen.findByRole('option', { name: /Mia Tran/ }));
    expect(within(screen.getByTestId('delegate-dialog')).getByText('Nhân viên')).toBeInTheDocument();
  });
});

describe("the audit trail's system entries", () => {
  it('are made by "Hệ thống" in Vietnamese, "System" in English', () => {
    const entries: AuditEntryView[] = [
      { at: '2026-11-26T13:24:00Z', actorId: 'system', actorName: 'system', action: 'ledger', event: 'submission', txId: 'ab12' } as unknown as AuditEntryView,
    ];
    const trail = vn(<AuditTrail entries={entries} />);
    expect(within(screen.getByTestId('audit-trail')).getByText('Hệ thống')).toBeInTheDocument();
    expect(within(screen.getByTestId('audit-trail')).queryByText('system')).not.toBeInTheDocument();
    trail.unmount();
    render(
      <I18nProvider initial="en">
        <AuditTrail entries={entries} />
      </I18nProvider>,
    );
    expect(within(screen.getByTestId('audit-trail')).getByText('System')).toBeInTheDocument();
  });
});

describe("a new certificate's default level names", () => {
  function Levels({ onForm }: { onForm(f: () => ApprovalForm): void }) {
    const form = useForm<ApprovalForm>({ defaultValues: { ...emptyForm('A-1'), approvalLevels: [...emptyForm('A-1').approvalLevels, newLevel(4)] } });
    onForm(form.getValues);
    return (
      <FormProvider {...form}>
        {form.getValues().approvalLevels.map((_l, i) => (
          <LevelPanel key={i} index={i} people={[]} onRemove={() => undefined} canRemove />
        ))}
      </FormProvider>
    );
  }

  it('read in Vietnamese in the form and are saved as the stored default; a typed name is saved as typed', async () => {
    let values: () => ApprovalForm = () => emptyForm('');
    vn(<Levels onForm={(f) => (values = f)} />);
    expect(screen.getByTestId('level-name-1')).toHaveValue('Ký dữ liệu nông trại');
    expect(screen.getByTestId('level-name-2')).toHaveValue('Ký vận chuyển');
    expect(screen.getByTestId('level-name-3')).toHaveValue('Ký kiểm định');
    expect(screen.getByTestId('level-name-4')).toHaveValue('Cấp phê duyệt 4');
    const user = userEvent.setup();
    await user.clear(screen.getByTestId('level-name-3'));
    await user.type(screen.getByTestId('level-name-3'), 'Kiểm định Junee');
    await waitFor(() =>
      expect(toInput(values(), 'signing').approvalLevels.map((l) => l.group)).toEqual([
        'Farm Data Signing',
        'Transportation Signing',
        'Kiểm định Junee',
        'Approval Level 4',
      ]),
    );
  });
});

describe('grain types', () => {
  it('the farm data list and the manual entry form name them in Vietnamese', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/farmdata/harvesting/list': () => ({
        farmDatas: [
          {
            _id: 'f-1',
            number: '1732000000000',
            grainType: 'Barley',
            harvestGrade: 'FEED',
            storageLocation: 'Shed 2',
            quantity: 800,
            protein: 9.5,
            moisture: 11.2,
            productionDate: '2025-01-09',
            dataType: 'Manual',
            txId: null,
            imageValidation: 'NA',
          },
        ],
      }),
    });
    const list = renderApp('/views/farmdata/harvesting/list', { lang: 'vn' });
    expect(await screen.findByText('Lúa mạch')).toBeInTheDocument();
    expect(screen.queryByText('Barley')).not.toBeInTheDocument();
    list.unmount();
    renderApp('/views/farmdata/harvesting/create', { lang: 'vn' });
    expect(await screen.findByText('Lúa mì')).toBeInTheDocument();
    expect(screen.queryByText('Wheat')).not.toBeInTheDocument();
  });
});
