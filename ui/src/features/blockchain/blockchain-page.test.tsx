import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockView } from '@grain/domain';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const block = (n: number): BlockView => ({
  blockNumber: n,
  lastBlock: `${n}`.padStart(64, 'a'),
  previousHash: `${n - 1}`.padStart(64, 'a'),
  data_hash: `${n}`.padStart(64, 'd'),
  channelHeader: { type: 'ENDORSER_TRANSACTION', timestamp: '2026-11-27T00:00:00Z', tx_id: `${n}`.padStart(64, 't'), version: 1, channel_id: 'grainquality' },
  recordType: 'certificate',
  channel: 'grainquality',
  contract: 'grainquality',
});

describe('the blockchain page', () => {
  it("shows the company's last block and its recent blocks, loads older ones below them, and reloads on refresh", async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/event/blockevents': () => ({ block: block(40), channel: 'grainquality', contract: 'grainquality' }),
      'GET /api/event/blocks': (call) =>
        call.query.get('before') === '21' ? { blocks: [block(20), block(19)] } : { blocks: Array.from({ length: 20 }, (_, i) => block(40 - i)) },
    });
    renderApp('/views/blockchain');
    expect(await screen.findByTestId('last-number')).toHaveTextContent('40');
    expect(screen.getAllByTestId('block-row')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Older blocks' }));
    await waitFor(() => expect(screen.getAllByTestId('block-row')).toHaveLength(22));
    expect(within(screen.getAllByTestId('block-row')[21]).getByText('19')).toBeInTheDocument();
    const loads = api.find('GET', '/api/event/blockevents').length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.find('GET', '/api/event/blockevents')).toHaveLength(loads + 1));
  });

  it('says when the company has no blocks yet', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/event/blockevents': () => ({ block: null, channel: 'grainquality', contract: 'grainquality' }),
      'GET /api/event/blocks': () => ({ blocks: [] }),
    });
    renderApp('/views/blockchain', { lang: 'vn' });
    expect(await screen.findByText('Chưa có khối nào được ghi.')).toBeInTheDocument();
  });

  it("tells the user when the ledger cannot be read (the page hook's error notice), and shows no blocks rather than loading for ever", async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/event/blockevents': () => ({ status: 503, body: { invalidMsg: 'The ledger is not reachable', code: 'LEDGER_UNAVAILABLE' } }),
    });
    renderApp('/views/blockchain');
    expect(await screen.findByTestId('toast')).toHaveTextContent('The ledger is not reachable');
    expect(screen.getByText('No block has been written yet.')).toBeInTheDocument();
  });
});
