import { act, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/Providers';
import { useAuth } from '../app';
import { adminUser, fakeApi } from '../test/fake-api';
import { useLiveReload } from './useLiveReload';

/** A stand-in for the browser's WebSocket: the test plays the server. */
class ServerSocket {
  static all: ServerSocket[] = [];
  readyState = 0;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: unknown = null;
  constructor(readonly url: string) {
    ServerSocket.all.push(this);
  }
  serverSends(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  send() {}
  close() {}
}

let reloads = 0;
function Page() {
  const { user } = useAuth();
  useLiveReload(['certificate_update'], () => reloads++, 'c1');
  return <div data-testid="who">{user ? user.email : 'nobody'}</div>;
}

describe('a page that reloads on live messages', () => {
  const real = globalThis.WebSocket;
  beforeEach(() => {
    ServerSocket.all = [];
    reloads = 0;
    sessionStorage.clear();
    (globalThis as { WebSocket: unknown }).WebSocket = ServerSocket;
  });
  afterAll(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = real;
  });

  it('reads again once a fresh socket connects (a change between its first read and the connection is not lost)', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }) });
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent(adminUser.email));
    await waitFor(() => expect(ServerSocket.all).toHaveLength(1));
    expect(reloads).toBe(0);
    act(() => ServerSocket.all[0].serverSends({ type: 'connected', data: { userId: adminUser.id, lastId: 40 } }));
    await waitFor(() => expect(reloads).toBe(1));
    // and for its own certificate's messages, as before; not for another's
    act(() => ServerSocket.all[0].serverSends({ type: 'certificate_update', data: { id: 'c2' }, id: 41 }));
    act(() => ServerSocket.all[0].serverSends({ type: 'certificate_update', data: { id: 'c1' }, id: 42 }));
    await waitFor(() => expect(reloads).toBe(2));
    await new Promise((r) => setTimeout(r, 400));
    expect(reloads).toBe(2);
  });
});
