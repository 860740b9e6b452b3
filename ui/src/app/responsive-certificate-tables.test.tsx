import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';
import { narrowWindow } from '../test/narrow-window';

// The certificate and policy tables turn into cards below 768 px (see RowCards.tsx); on a wide screen they stay tables.

const template = {
  _id: 'tpl0123456789',
  approvalName: 'Wheat export',
  createdBy: 'Ada Admin',
  createdOn: '2025-11-03T08:00:00Z',
  approvalLevels: [
    { group: 'Quality', signers: [], signatures: 1, dueInDays: 2 },
    { group: 'Manager', signers: [], signatures: 1, dueInDays: 3 },
  ],
};
const overdueRow = {
  _id: 'a-1',
  approvalNumber: 'C-100',
  approvalName: 'Barley lot 7',
  level: 2,
  group: 'Quality',
  deadline: '2025-11-05T00:00:00Z',
  overdue: true,
  since: '2025-11-01T00:00:00Z',
  holders: [
    { _id: 'u-2', fullName: 'Mia Tran' },
    { _id: 'u-3', fullName: 'Bo Le' },
  ],
  remindersSent: 3,
};
const approval = {
  _id: 'a-1',
  approvalNumber: 'C-100',
  approvalName: 'Barley lot 7',
  priority: 'normal',
  stage: 'l-1',
  stageLevel: 1,
  status: 'signing',
  displayStatus: 'signing',
  overdue: false,
  company: 'c-1',
  summary: 'Lot 7 for export',
  deadline: '2025-11-20T00:00:00Z',
  startDate: '2025-11-01T00:00:00Z',
  submitter: { _id: 'u-admin', firstname: 'Ada', lastname: 'Admin', fullName: 'Ada Admin' },
  version: 2,
  approvalDoc: {
    _id: 'f-1',
    docName: 'Harvest 1732000000000',
    farm: { grainType: 'Barley', harvestGrade: 'FEED', storageLocation: 'Shed 2', quantity: 800, protein: 9.5, moisture: 11.2 },
  },
  supportDocs: [{ _id: 'd-1', docName: 'Moisture lab report', description: 'Lab run 4', uploadUser: 'Ada Admin', uploadDate: '2025-11-02T00:00:00Z' }],
  approvalLevels: [
    {
      _id: 'l-1',
      level: 1,
      group: 'Quality',
      signatures: 2,
      deadline: '2025-11-10T00:00:00Z',
      status: 'signing',
      comments: [],
      overdue: false,
      signers: [
        { _id: 'u-2', fullName: 'Mia Tran', email: 'mia@farm.example', role: 'staff' },
        { _id: 'u-3', fullName: 'Bo Le', email: 'bo@farm.example', role: 'manager', delegatedBy: 'u-4' },
      ],
      signed: ['u-2'],
      signedEntries: [{ userId: 'u-2', name: 'Mia Tran', at: '2025-11-04T09:00:00Z' }],
    },
  ],
  audit: [{ at: '2025-11-01T00:00:00Z', actorId: 'u-admin', actorName: 'Ada Admin', action: 'submit', level: 1 }],
  can: { edit: false, sign: true, reject: true, delegate: true, delete: false, getCert: false, pdfPending: false, signaturePassword: false },
};
const orgs = [
  {
    Item: 1,
    PolicyIndex: 'AU-01',
    NameOfActRuleGuideline: 'Export Control Act 2020',
    ResponsibleOrgaqnisation: 'Department of Agriculture',
    Acronym: 'DAFF',
    Country: 'AU',
    URL: 'https://www.agriculture.gov.au/export',
    FileName: 'au-01.pdf',
    Summary: 'Export rules',
    Topics: [],
  },
];
const actions = [
  {
    Item: 1,
    ProcessIndex: 'P1',
    Process: 'Harvest',
    PolicyIndexAU: ['AU-01'],
    ActionsAU: ['Record the grade'],
    RequiredDocsAU: ['Grade certificate'],
    PolicyIndexIN: ['IN-02'],
    ActionsIN: ['Fumigate'],
    RequiredDocsIN: ['Phytosanitary certificate'],
    Alignment: 'Both need a grade record',
  },
];

function serve() {
  return fakeApi({
    'GET /api/auth/current_user': () => ({ user: adminUser }),
    'GET /api/company/approvaltemplates': () => ({ templates: [template] }),
    'POST /api/company/approvaltemplate/tpl0123456789/delete': () => ({ ok: true }),
    'GET /api/company/approvals/overdue': () => ({ rows: [overdueRow] }),
    'GET /api/company/approval/a-1': () => ({ approval }),
    'GET /api/policy/policyorg/list': () => ({ policyOrganisationList: orgs }),
    'GET /api/policy/policyaction/list': () => ({ policyActionsList: actions }),
  });
}

/** The value shown beside `label` on a card. */
const valueOf = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
function expectFields(card: HTMLElement, fields: Array<[string, string]>) {
  for (const [label, value] of fields) expect(valueOf(card, label)).toHaveTextContent(value);
}

describe('certificate and policy tables on a 450 px phone', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());
  beforeEach(() => {
    restore = narrowWindow(450);
  });

  it('templates: one card per template with its values, the delete button kept on the card', async () => {
    const api = serve();
    renderApp('/views/template/list');
    const card = await screen.findByTestId('template-row-Wheat export');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading')).toHaveTextContent('Wheat export');
    expectFields(card, [
      ['Template ID', 'tpl01234'],
      ['Levels', 'Quality → Manager'],
      ['Created By', 'Ada Admin'],
      ['Created On', '03/11/2025'],
    ]);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Delete Wheat export' }));
    await waitFor(() => expect(api.find('POST', '/api/company/approvaltemplate/tpl0123456789/delete')).toHaveLength(1));
  });

  it('templates in Vietnamese', async () => {
    serve();
    renderApp('/views/template/list', { lang: 'vn' });
    const card = await screen.findByTestId('template-row-Wheat export');
    expectFields(card, [
      ['Mã mẫu', 'tpl01234'],
      ['Người tạo', 'Ada Admin'],
      ['Ngày tạo', '03/11/2025'],
    ]);
    expect(within(card).getByRole('button', { name: 'Xóa Wheat export' })).toBeInTheDocument();
  });

  it('overdue dashboard: a card per certificate whose number links to it', async () => {
    serve();
    renderApp('/views/approval/overdue');
    const card = await screen.findByTestId('overdue-row-C-100');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'C-100' })).toHaveAttribute('href', '/views/approval/detail?id=a-1');
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expectFields(card, [
      ['Certificate name', 'Barley lot 7'],
      ['Level', '2. Quality'],
      ['Waiting on', 'Mia Tran, Bo Le'],
      ['Since', '01/11/2025'],
      ['Due', '05/11/2025'],
      ['Reminders sent', '3'],
    ]);
  });

  it('overdue dashboard in Vietnamese', async () => {
    serve();
    renderApp('/views/approval/overdue', { lang: 'vn' });
    const card = await screen.findByTestId('overdue-row-C-100');
    expect(within(card).getByText('Quá hạn')).toBeInTheDocument();
    expectFields(card, [
      ['Đang chờ', 'Mia Tran, Bo Le'],
      ['Số lần nhắc', '3'],
    ]);
  });

  it('certificate detail: signers, primary and related documents and the audit trail as cards, actions still there', async () => {
    serve();
    renderApp('/views/approval/detail?id=a-1');
    const mia = await screen.findByTestId('signer-row-1-mia@farm.example');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(mia).getByRole('heading')).toHaveTextContent('1. Mia Tran');
    expectFields(mia, [
      ['Position', 'Staff'],
      ['Due date', '10/11/2025'],
      ['Status', 'Signed 04/11/2025'],
      ['Profile', 'mia@farm.example'],
    ]);
    const bo = screen.getByTestId('signer-row-1-bo@farm.example');
    expect(within(bo).getByRole('heading')).toHaveTextContent('2. Bo Le (delegate)');
    expect(valueOf(bo, 'Status')).toHaveTextContent('Pending');

    const primary = within(screen.getByTestId('primary-doc-table')).getByTestId('primary-doc-card');
    expect(within(primary).getByRole('heading')).toHaveTextContent('Harvest 1732000000000');
    expectFields(primary, [
      ['Grain type', 'Barley'],
      ['Harvest grade', 'FEED'],
      ['Storage location', 'Shed 2'],
      ['Quantity (tonnes)', '800'],
      ['Protein', '9.50'],
      ['Moisture', '11.20'],
    ]);
    const related = within(screen.getByTestId('related-doc-table')).getByTestId('related-doc-card');
    expect(within(related).getByRole('heading')).toHaveTextContent('1. Moisture lab report');
    expectFields(related, [
      ['Description', 'Lab run 4'],
      ['Uploaded by', 'Ada Admin'],
      ['Date', '02/11/2025'],
    ]);
    expect(within(related).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/api/company/document/d-1');
    expectFields(screen.getByTestId('audit-card'), [
      ['Who', 'Ada Admin'],
      ['Action', 'submitted'],
      ['Level', '1'],
    ]);
    // the signer's actions sit in the action bar held at the bottom of the window, not 2,000 px down in the level panel
    const bar = screen.getByTestId('action-bar');
    expect(bar).toHaveTextContent('Level 1 · Quality waits for your signature');
    for (const id of ['btn-approve', 'btn-reject', 'btn-delegate']) expect(within(bar).getByTestId(id)).toBeInTheDocument();
  });

  it('certificate detail in Vietnamese', async () => {
    serve();
    renderApp('/views/approval/detail?id=a-1', { lang: 'vn' });
    const mia = await screen.findByTestId('signer-row-1-mia@farm.example');
    expectFields(mia, [
      ['Chức vụ', 'Nhân viên'],
      ['Trạng thái', 'Đã ký 04/11/2025'],
      ['Hồ sơ', 'mia@farm.example'],
    ]);
    expect(within(screen.getByTestId('signer-row-1-bo@farm.example')).getByRole('heading')).toHaveTextContent('Bo Le (được ủy quyền)');
    expectFields(screen.getByTestId('primary-doc-card'), [
      ['Loại hạt', 'Lúa mạch'], // a grain type the system stored, in the reader's language
      ['Độ ẩm', '11.20'],
    ]);
    expectFields(screen.getByTestId('related-doc-card'), [
      ['Người tải lên', 'Ada Admin'],
      ['Ngày', '02/11/2025'],
    ]);
    expect(within(screen.getByTestId('related-doc-card')).getByRole('link', { name: 'Xem' })).toBeInTheDocument();
    expectFields(screen.getByTestId('audit-card'), [
      ['Người thực hiện', 'Ada Admin'],
      ['Hành động', 'đã nộp'],
    ]);
  });

  it.each(['en', 'vn'] as const)('policy reference (%s): organisations and actions as cards, every sub-tab', async (lang) => {
    serve();
    const l = (en: string, vn: string) => (lang === 'en' ? en : vn);
    const user = userEvent.setup();
    renderApp('/views/policy/list', { lang });
    const org = await screen.findByTestId('policy-org-card');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(org).getByRole('heading')).toHaveTextContent('Export Control Act 2020');
    expectFields(org, [
      [l('Policy Index', 'Mã chính sách'), 'AU-01'],
      [l('Responsible Organisation', 'Cơ quan chịu trách nhiệm'), 'Department of Agriculture'],
      [l('Acronym', 'Viết tắt'), 'DAFF'],
      [l('Country', 'Quốc gia'), 'AU'],
    ]);
    expect(within(valueOf(org, l('Official site', 'Trang chính thức')) as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.agriculture.gov.au/export',
    );

    await user.click(screen.getByRole('tab', { name: l('Actions', 'Hành động') }));
    let card = within(await screen.findByTestId('policy-actions-AU')).getByTestId('policy-action-card');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading')).toHaveTextContent('P1 Harvest');
    expectFields(card, [
      [l('Policy Index', 'Mã chính sách'), 'AU-01'],
      [l('Actions', 'Hành động'), 'Record the grade'],
      [l('Required Documents', 'Tài liệu bắt buộc'), 'Grade certificate'],
    ]);

    await user.click(screen.getByRole('tab', { name: l('India', 'Ấn Độ') }));
    card = within(await screen.findByTestId('policy-actions-IN')).getByTestId('policy-action-card');
    expectFields(card, [
      [l('Policy Index', 'Mã chính sách'), 'IN-02'],
      [l('Required Documents', 'Tài liệu bắt buộc'), 'Phytosanitary certificate'],
    ]);

    await user.click(screen.getByRole('tab', { name: l('Alignment', 'Đối chiếu') }));
    card = within(await screen.findByTestId('policy-actions-alignment')).getByTestId('policy-action-card');
    expectFields(card, [
      [l('Australia', 'Úc'), 'Grade certificate'],
      [l('India', 'Ấn Độ'), 'Phytosanitary certificate'],
      [l('Where they meet', 'Điểm tương đồng'), 'Both need a grade record'],
    ]);
  });
});

describe('the same tables on a wide screen stay tables', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = narrowWindow(1280);
  });
  afterEach(() => restore());
  const headers = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);

  it.each([
    ['en', ['Template ID', 'Name', 'Levels', 'Created By', 'Created On'], ['Certificate number', 'Waiting on', 'Reminders sent']],
    ['vn', ['Mã mẫu', 'Tên', 'Các cấp phê duyệt', 'Người tạo', 'Ngày tạo'], ['Số chứng nhận', 'Đang chờ', 'Số lần nhắc']],
  ] as const)('templates and overdue dashboard (%s)', async (lang, templateCols, overdueCols) => {
    serve();
    const { unmount } = renderApp('/views/template/list', { lang });
    const row = await screen.findByTestId('template-row-Wheat export');
    expect(row.tagName).toBe('TR');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(headers(screen.getByRole('table'))).toEqual(expect.arrayContaining([...templateCols]));
    unmount();
    renderApp('/views/approval/overdue', { lang });
    expect((await screen.findByTestId('overdue-row-C-100')).tagName).toBe('TR');
    expect(headers(screen.getByTestId('overdue-table'))).toEqual(expect.arrayContaining([...overdueCols]));
  });

  it.each([
    ['en', ['Approver', 'Position', 'Profile'], ['Grain type', 'Moisture'], ['Uploaded by', 'View'], ['When', 'Who']],
    ['vn', ['Người ký', 'Chức vụ', 'Hồ sơ'], ['Loại hạt', 'Độ ẩm'], ['Người tải lên', 'Xem'], ['Thời gian', 'Người thực hiện']],
  ] as const)('certificate detail (%s): signers, documents and audit trail tables', async (lang, signerCols, primaryCols, relatedCols, auditCols) => {
    serve();
    renderApp('/views/approval/detail?id=a-1', { lang });
    expect((await screen.findByTestId('signer-row-1-mia@farm.example')).tagName).toBe('TR');
    expect(screen.getAllByRole('table')).toHaveLength(4);
    expect(headers(within(screen.getByTestId('level-detail-1')).getByRole('table'))).toEqual(expect.arrayContaining([...signerCols]));
    expect(headers(screen.getByTestId('primary-doc-table'))).toEqual(expect.arrayContaining([...primaryCols]));
    expect(headers(screen.getByTestId('related-doc-table'))).toEqual(expect.arrayContaining([...relatedCols]));
    expect(headers(screen.getByTestId('audit-trail'))).toEqual(expect.arrayContaining([...auditCols]));
    expect(screen.queryByTestId('primary-doc-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('audit-card')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Actions', ['Process', 'Policy Index', 'Actions', 'Required Documents'], 'Alignment', ['Australia', 'India', 'Where they meet']],
    ['vn', 'Hành động', ['Quy trình', 'Mã chính sách', 'Hành động', 'Tài liệu bắt buộc'], 'Đối chiếu', ['Úc', 'Ấn Độ', 'Điểm tương đồng']],
  ] as const)('policy reference (%s)', async (lang, actionsTab, actionCols, alignmentTab, alignmentCols) => {
    serve();
    const user = userEvent.setup();
    renderApp('/views/policy/list', { lang });
    expect(headers(await screen.findByTestId('policy-orgs'))).toHaveLength(7);
    await user.click(screen.getByRole('tab', { name: actionsTab }));
    expect(headers(await screen.findByTestId('policy-actions-AU'))).toEqual([...actionCols]);
    await user.click(screen.getByRole('tab', { name: alignmentTab }));
    expect(headers(await screen.findByTestId('policy-actions-alignment'))).toEqual([actionCols[0], ...alignmentCols]);
  });
});
