import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { listen } from './listen';

/** Sends `GET /` on `socket` and answers the status line of the answer that comes back (or why none came). */
function ask(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    const done = (what: string) => {
      socket.off('data', onData).off('close', onClose).off('error', onError);
      resolve(what);
    };
    const onData = (chunk: Buffer) => done(chunk.toString('latin1').split('\r\n')[0]);
    const onClose = () => done('closed by the server');
    const onError = (e: Error) => done(`error: ${e.message}`);
    socket.on('data', onData).once('close', onClose).once('error', onError);
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('the API server', () => {
  it("keeps an idle keep-alive connection longer than clients and load balancers keep theirs (Node's 5 s default made a reused connection fail now and then)", async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const server = await listen(app, 0);
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    try {
      await new Promise((r) => socket.once('connect', r));
      expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
      // idle for longer than Node's default keep-alive (5 s), as a pooled client's connection may be
      await new Promise((r) => setTimeout(r, 6_000));
      expect(socket.destroyed).toBe(false);
      expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
      expect(server.keepAliveTimeout).toBeGreaterThan(60_000); // a cloud load balancer's usual idle time
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      socket.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 20_000);
});
