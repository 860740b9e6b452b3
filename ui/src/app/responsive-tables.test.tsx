import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';
import { narrowWindow } from '../test/narrow-window';

const farm = [
  {
    _id: 'f-1',
    number: '1732000000000',
    grainType: 'Wheat',
    harvestGrade: 'APH',
    storageLocation: 'Silo A1',
    quantity: 24000,
    protein: 12.5,
    moisture: 10,
    productionDate: '2025-11-03',
    dataType: 'Csv',
    txId: 'a'.repeat(64),
    imageValidation: 'Verified',
  },
  {
    _id: 'f-2',
    number: '1732000000001',
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
];
const docs = [
  {
    _id: 'd-1',
    docId: 'd-1',
    docName: 'Moisture lab report',
    docType: 'certificate',
    description: null,
    uploadUser: 'u-admin',
    uploadUserName: 'Ada Admin',
    uploadDate: '2025-11-01T00:00:00Z',
    lastModified: '2025-11-02T00:00:00Z',
    uploadUrl: '',
    file: { name: 'lab.pdf', ext: 'pdf', mime: 'application/pdf', size: 10 },
    company: 'c-1',
    version: 1,
  },
];

function serve() {
  return fakeApi({
    'GET /api/auth/current_user': () => ({ user: adminUser }),
    'GET /api/farmdata/harvesting/list': () => ({ farmDatas: farm }),
    'GET /api/company/documentes': () => ({ documents: docs }),
  });
}

describe('wide tables on a 450 px phone', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it.each([450, 420])('farm data at %i px: one card per record, every value with its label, no sideways table', async (width) => {
    restore = narrowWindow(width);
    serve();
    renderApp('/views/farmdata/harvesting/list');
    const cards = await screen.findAllByTestId('farm-row');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(cards[0]);
    expect(first.getByRole('heading')).toHaveTextContent('Number 1732000000000');
    for (const [label, value] of [
      ['Grain Type', 'Wheat'],
      ['Storage Location', 'Silo A1'],
      ['Quantity (tonnes)', '24,000'],
      ['Protein', '12.50'],
      ['Moisture', '10.00'],
      ['Production Date', '03/11/2025'],
    ]) {
      const dt = first.getByText(label, { selector: 'dt' });
      expect(dt.nextElementSibling).toHaveTextContent(value);
    }
    expect(first.getByText('Verified')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('button', { name: 'Verify image' })).toBeInTheDocument();
  });

  it('farm data in Vietnamese on a phone', async () => {
    restore = narrowWindow(450);
    serve();
    renderApp('/views/farmdata/harvesting/list', { lang: 'vn' });
    const [card] = await screen.findAllByTestId('farm-row');
    expect(within(card).getByText('Độ ẩm', { selector: 'dt' }).nextElementSibling).toHaveTextContent('10,00');
  });

  it('farm data stays a table on a wide screen', async () => {
    restore = narrowWindow(1280);
    serve();
    renderApp('/views/farmdata/harvesting/list');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').length).toBeGreaterThan(8);
  });

  it('documents at 450 px: cards that open the document, with their own download button', async () => {
    restore = narrowWindow(450);
    serve();
    const user = userEvent.setup();
    renderApp('/views/document/list');
    const [card] = await screen.findAllByTestId('doc-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading')).toHaveTextContent('1. Moisture lab report');
    expect(within(card).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(card).getByText('02/11/2025')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(within(card).getByRole('heading'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/document/detail?id=d-1'));
  });

  it('the user list at 450 px: one card per user with every column and its Update button, no grid', async () => {
    restore = narrowWindow(450);
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/users': () => ({
        user_list: [
          { _id: 'u-2', email: 'mia@farm.example', firstname: 'Mia', lastname: 'Tran', phone: '0412345678', role: 'staff', status: 'active', company: 'c-1' },
        ],
        total: 1,
        groups: [],
      }),
      'GET /api/company/profile/c-1': () => ({ company: { _id: 'c-1', name: 'Riverina Grain' } }),
    });
    renderApp('/views/user/list');
    const card = await screen.findByTestId('user-row-mia@farm.example');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading')).toHaveTextContent('1. Mia Tran');
    const values = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    // a number stored as typed is shown as the company's people write it
    expect(values).toMatchObject({ Email: 'mia@farm.example', Phone: '0412 345 678', Roles: 'Staff', Status: 'active' });
    expect(values).toHaveProperty('Company');
    expect(within(card).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});
