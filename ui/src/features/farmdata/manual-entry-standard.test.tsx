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
});
