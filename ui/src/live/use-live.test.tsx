import { act, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/Providers';
import { useAuth } from '../app';
import { adminUser, fakeApi } from '../test/fake-api';
import { useLive } from './useLive';
import { useLiveReload } from './useLiveReload';

/** Counts the sockets the page opens (jsdom has no server to reach); the test plays the server on the last. */
class CountingSocket {
  static opened: string[] = [];
  static last?: CountingSocket;
  readyState = 0;
  onopen: unknown = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: unknown = null;
  onerror: unknown = null;
  constructor(url: string) {
    CountingSocket.opened.push(url);
    CountingSocket.last = this;
  }
  serverSends(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
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
    sessionStorage.clear();
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

  it('makes a page read again once a fresh socket connects (a change between its first read and the connection is not lost)', async () => {
    let reloads = 0;
    function Page() {
      useLiveReload(['certificate_update'], () => reloads++, 'c1');
      return <Listener />;
    }
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }) });
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    await waitFor(() => expect(CountingSocket.opened).toHaveLength(1));
    expect(reloads).toBe(0);
    const server = CountingSocket.last!;
    act(() => server.serverSends({ type: 'connected', data: { userId: adminUser.id, lastId: 40 } }));
    await waitFor(() => expect(reloads).toBe(1));
    // and for its own certificate's messages, as before; not for another's
    act(() => server.serverSends({ type: 'certificate_update', data: { id: 'c2' }, id: 41 }));
    act(() => server.serverSends({ type: 'certificate_update', data: { id: 'c1' }, id: 42 }));
    await waitFor(() => expect(reloads).toBe(2));
    await new Promise((r) => setTimeout(r, 400));
    expect(reloads).toBe(2);
  });
});
