import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

describe('manual entry', () => {
  it('shows while typing whether the record meets the standard of its claimed grade, and saves it either way', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'POST /api/farmdata/harvesting/create': (c) => ({
        status: 201,
        body: { farmData: { ...(c.body as { farmData: object }).farmData, _id: 'f-1', txId: null, standard: 'fail' } },
      }),
      'GET /api/farmdata/harvesting/list': () => ({ farmDatas: [] }),
    });
    renderApp('/views/farmdata/harvesting/create');
    await userEvent.type(await screen.findByTestId('farm-storageLocation'), 'Silo 3');
    await userEvent.type(screen.getByTestId('farm-quantity'), '860');
    await userEvent.type(screen.getByTestId('farm-protein'), '11.5');
    await userEvent.type(screen.getByTestId('farm-moisture'), '11');
    // the default claimed grade is APH: 11.5 % protein is below its 13 % minimum
    expect(within(screen.getByTestId('farm-standard-preview')).getByTestId('standard-flag')).toHaveAttribute('data-result', 'fail');
    await userEvent.click(screen.getByTestId('farm-submit'));
    expect(await screen.findByText(/out of the standard of its claimed grade/)).toBeInTheDocument();
    expect(api.find('POST', '/api/farmdata/harvesting/create')).toHaveLength(1);
  });

  it.each([
    ['en', ['Storage location is required', 'Quantity is required', 'Protein is required', 'Moisture is required', 'Production date is required']],
    ['vn', ['Vui lòng nhập nơi lưu trữ', 'Vui lòng nhập số lượng', 'Vui lòng nhập protein', 'Vui lòng nhập độ ẩm', 'Vui lòng nhập ngày sản xuất']],
  ] as const)('an empty required field says it is required, not that it is invalid (%s)', async (lang, said) => {
    const api = fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }) });
    renderApp('/views/farmdata/harvesting/create', { lang });
    await userEvent.clear(await screen.findByTestId('farm-productionDate'));
    await userEvent.click(screen.getByTestId('farm-submit'));
    for (const text of said) expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/Invalid Address|must be an integer|must be a number/)).not.toBeInTheDocument();
    expect(api.find('POST', '/api/farmdata/harvesting/create')).toHaveLength(0);
  });
});
