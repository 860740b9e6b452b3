import { LiveConnection, type LiveStatus } from './live-connection';

/** A stand-in for the browser's WebSocket: the test plays the server. */
class FakeSocket {
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number }) => void;
  constructor(readonly url: string) {}
  close() {
    this.onclose?.({ code: 1000 });
  }
  serverSends(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  serverCloses(code: number) {
    this.onclose?.({ code });
  }
}

function connection(signedIn = true) {
  const sockets: FakeSocket[] = [];
  const statuses: LiveStatus[] = [];
  const conn = new LiveConnection(
    'u1',
    (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    async () => signedIn,
  );
  conn.onStatus((s) => statuses.push(s));
  return { conn, sockets, statuses };
}

beforeEach(() => {
  jest.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('LiveConnection reconnects only when it can help', () => {
  it('reconnects after a dropped connection', async () => {
    const { sockets } = connection();
    sockets[0].serverSends({ type: 'connected', data: { lastId: 7 } });
    sockets[0].serverCloses(1006);
    await jest.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    expect(sockets[1].url).toMatch(/\?after=7$/);
  });

  it.each([4001, 4008])('stops for good when the server closes with %i', async (code) => {
    const { sockets, statuses } = connection();
    sockets[0].serverSends({ type: 'connected', data: { lastId: 1 } });
    sockets[0].serverCloses(code);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('ended');
  });

  it('stops when an attempt fails and the browser is signed out', async () => {
    const { sockets, statuses } = connection(false);
    sockets[0].serverCloses(1006); // the upgrade was refused: never connected
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('ended');
  });

  it('keeps trying, with back-off, while still signed in', async () => {
    const { sockets } = connection(true);
    sockets[0].serverCloses(1006);
    await jest.advanceTimersByTimeAsync(600);
    expect(sockets).toHaveLength(2);
  });
});

describe('LiveConnection tells its listeners when they may have missed messages', () => {
  // A page reads its data, then the socket connects. A fresh socket (nothing to resume from) starts at
  // the server's position at that moment, so a message sent between the read and the connection is
  // never delivered: the listeners must read again once it is connected (seen in e2e: Revoke, offered
  // once the PDF is made, did not appear on a page opened while the PDF was being made).
  it('asks to catch up when a fresh connection is made', () => {
    const { conn, sockets } = connection();
    const catchUps: number[] = [];
    conn.onCatchUp(() => catchUps.push(1));
    sockets[0].serverSends({ type: 'connected', data: { lastId: 9 } });
    expect(catchUps).toHaveLength(1);
  });

  it('does not when it resumes: the server sends what was missed first', async () => {
    const { conn, sockets } = connection();
    const catchUps: number[] = [];
    sockets[0].serverSends({ type: 'connected', data: { lastId: 9 } });
    conn.onCatchUp(() => catchUps.push(1));
    sockets[0].serverCloses(1006);
    await jest.advanceTimersByTimeAsync(1000);
    expect(sockets[1].url).toMatch(/\?after=9$/);
    sockets[1].serverSends({ type: 'connected', data: { lastId: 12 } });
    expect(catchUps).toHaveLength(0);
  });
});
