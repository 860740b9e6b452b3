import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';
import { docFromFarm } from './farm-record';
import { emptyForm } from './form-model';

const farm = (number: string, harvestGrade: string, protein: number, moisture: number) => ({
  _id: `f-${number}`,
  number,
  grainType: 'Wheat',
  harvestGrade,
  storageLocation: 'Silo 3, Junee',
  quantity: 860,
  protein,
  moisture,
  productionDate: '2025-11-10',
  dataType: 'Manual',
  imageValidation: 'Verified',
});
const records = [farm('1001', 'APW', 11.5, 11), farm('1002', 'APH', 11.5, 11), { ...farm('1003', 'FEED', 9, 12), grainType: 'Corn' }];

function start(lang: 'en' | 'vn' = 'en', draft?: object, farmRecordsInUse: object[] = []) {
  sessionStorage.clear();
  if (draft) sessionStorage.setItem('approval-draft:new', JSON.stringify(draft));
  const api = fakeApi({
    'GET /api/auth/current_user': () => ({ user: adminUser }),
    'GET /api/company/approval/create': () => ({
      approvalNumber: '202511101',
      signers: [{ _id: 'u-1', fullName: 'Ann Signer', email: 'ann@x.io', role: 'signer' }],
      farmRecordsInUse,
    }),
    'GET /api/farmdata/harvesting/list': () => ({ farmDatas: records }),
    ...Object.fromEntries(records.map((r) => [`GET /api/farmdata/harvesting/detail/${r._id}`, () => ({ farmData: r, block: null })])),
    'GET /api/company/documentes': () => ({ documents: [] }),
    'GET /api/company/approvaltemplates': () => ({ templates: [] }),
    'POST /api/company/approval/create': () => ({ status: 201, body: { approval: { _id: 'c-new' } } }),
  });
  renderApp('/views/approval/create', { lang });
  return api;
}

describe('certificate form: the farm record against the standard of its claimed grade', () => {
  it('shows each record meeting its grade or not, and for the chosen APW record each requirement passing with the standard and season', async () => {
    start();
    await screen.findByTestId('farm-row-1001');
    expect(['1001', '1002', '1003'].map((n) => screen.getByTestId(`farm-standard-${n}`).textContent)).toEqual([
      'Meets grade',
      'Below grade',
      'No standard on file',
    ]);
    await userEvent.click(screen.getByTestId('farm-row-1001'));
    const check = await screen.findByTestId('standard-check');
    expect(check).toHaveAttribute('data-result', 'pass');
    expect(check).toHaveTextContent('Check against the APW1 standard');
    expect(screen.getByTestId('standard-name')).toHaveTextContent(/season 2025\/26 \(version AU-GRAIN-2025\/26\)/);
    const cells = (m: string) =>
      within(screen.getByTestId(`standard-${m}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('protein')).toEqual(['Protein', '11.5 %', '≥ 10.5 %', 'Pass']);
    expect(cells('moisture')).toEqual(['Moisture', '11 %', '≤ 12.5 %', 'Pass']);
    expect(screen.getByTestId('check-standard')).toHaveAttribute('data-ok', 'true');
    expect(screen.queryByTestId('deviation-reason')).not.toBeInTheDocument();
  });

  it('says why an APH record with protein 11.5 % fails', async () => {
    start();
    await userEvent.click(await screen.findByTestId('farm-row-1002'));
    expect(await screen.findByTestId('standard-check')).toHaveAttribute('data-result', 'fail');
    expect(screen.getByTestId('standard-why')).toHaveTextContent('Protein 11.5 % is below the APH1 minimum of 13 %.');
    expect(screen.getByTestId('standard-protein')).toHaveAttribute('data-pass', 'false');
    expect(screen.getByTestId('standard-moisture')).toHaveAttribute('data-pass', 'true');
    expect(screen.getByTestId('check-standard')).toHaveAttribute('data-ok', 'false');
  });

  it('submits a failing record only with a deviation reason, and sends the reason', async () => {
    const form = emptyForm('202511101');
    const signer = { _id: 'u-1', fullName: 'Ann Signer', email: 'ann@x.io', role: 'signer' };
    const api = start('en', {
      ...form,
      approvalName: 'Wheat lot 7',
      approvalDoc: docFromFarm(records[1]),
      approvalLevels: form.approvalLevels.map((l) => ({ ...l, signers: [signer] })),
    });
    await userEvent.click(await screen.findByTestId('form-submit'));
    expect(await screen.findByText(/does not meet the standard of its claimed grade/)).toBeInTheDocument();
    expect(api.find('POST', '/api/company/approval/create')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /ok|close/i }));

    await userEvent.click(screen.getByTestId('deviation-reason'));
    await userEvent.paste('Sold as APH by agreement with the buyer');
    expect(screen.getByTestId('check-standard')).toHaveAttribute('data-ok', 'true');
    await userEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(api.find('POST', '/api/company/approval/create')).toHaveLength(1));
    expect(api.find('POST', '/api/company/approval/create')[0].body).toMatchObject({
      status: 'signing',
      deviationReason: 'Sold as APH by agreement with the buyer',
      approvalDoc: { _id: 'f-1002' },
    });
  });

  it('ticks the grain photo from the farm record as it is now, not from a draft saved before the photo was verified', async () => {
    const form = emptyForm('202511101');
    start('en', {
      ...form,
      approvalName: 'Wheat lot 7',
      approvalDoc: { ...docFromFarm(records[0]), farm: { ...docFromFarm(records[0]).farm, imageValidation: false } },
    });
    await waitFor(() => expect(screen.getByTestId('check-grainImage')).toHaveAttribute('data-ok', 'true'));
  });

  it('marks a farm record another certificate holds, and does not take it', async () => {
    start('en', undefined, [{ farmRecordId: 'f-1002', approvalNumber: '202511050', status: 'done' }]);
    expect(await screen.findByTestId('farm-in-use-f-1002')).toHaveTextContent('On certificate 202511050');
    await userEvent.click(screen.getByTestId('farm-row-1002'));
    expect(screen.queryByTestId('primary-doc')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('farm-row-1001'));
    expect(await screen.findByTestId('primary-doc')).toBeInTheDocument();
  });

  it('speaks Vietnamese', async () => {
    start('vn');
    await userEvent.click(await screen.findByTestId('farm-row-1002'));
    expect(await screen.findByTestId('standard-why')).toHaveTextContent('Protein 11,5 % thấp hơn mức tối thiểu 13 % của APH1.');
    expect(screen.getByTestId('farm-standard-1003')).toHaveTextContent('Chưa có tiêu chuẩn');
  });
});
