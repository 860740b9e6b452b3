import { render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/Providers';
import { useAuth } from '../app';
import { adminUser, fakeApi } from '../test/fake-api';
import { useLive } from './useLive';

/** Counts the sockets the page opens (jsdom has no server to reach). */
class CountingSocket {
  static opened: string[] = [];
  readyState = 0;
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  onerror: unknown = null;
  constructor(url: string) {
    CountingSocket.opened.push(url);
  }
  send() {}
  close() {}
  addEventListener() {}
  removeEventListener() {}
}

function Listener() {
  const { user } = useAuth();
  useLive(['certificate_update'], () => undefined);
  return <div data-testid="who">{user ? user.email : 'nobody'}</div>;
}

describe('the live channel', () => {
  const real = globalThis.WebSocket;
  beforeEach(() => {
    CountingSocket.opened = [];
    (globalThis as { WebSocket: unknown }).WebSocket = CountingSocket;
  });
  afterAll(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = real;
  });

  it('is not opened for someone who has no company yet (it would only fail)', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: { ...adminUser, companyId: null } }) });
    render(
      <Providers>
        <Listener />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent(adminUser.email));
    expect(CountingSocket.opened).toEqual([]);
  });

  it('is opened once a user belongs to a company', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }) });
    render(
      <Providers>
        <Listener />
      </Providers>,
    );
    await waitFor(() => expect(CountingSocket.opened).toHaveLength(1));
  });
});
