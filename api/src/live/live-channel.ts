import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { actorOfUser, type Actor } from '@grain/domain';
import { liveSessionKey, type LiveEvent } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { SESSION_COOKIE } from '../http/auth-middleware';
import { LIVE_CLOSE, MAX_SOCKETS_PER_SESSION } from './live-access';
import { LiveHub, type LiveClient, type LiveHubOptions } from './live-hub';

const PATH = /^\/socket\/test\/([0-9a-fA-F-]{36})\/?$/;
const HEARTBEAT_MS = 30_000;

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The live channel (docs/spec/farm-data-and-documents.md §3/§7): WebSocket at /socket/test/{userId}, serving only the signed-in
 * user named in the path (session cookie; same-origin upgrades only). Messages are `{ type, data, id }`.
 * A client that reconnects with `?after=<last id it saw>` first receives everything addressed to it
 * since then, so nothing is lost across a dropped connection; after that, new messages as they come.
 * The first message of every connection is `{ type: 'connected', data: { userId, lastId } }`.
 * A socket gets only what its user may see (mayReceive), lives only as long as its session (closed
 * with LIVE_CLOSE.sessionEnded) and a session holds at most MAX_SOCKETS_PER_SESSION of them (the next
 * is closed with LIVE_CLOSE.tooManySockets).
 */
export function attachLiveChannel(server: Server, deps: Pick<ApiDeps, 'stores' | 'config'>, opts: LiveHubOptions = {}) {
  const { sessions, live } = deps.stores;
  const hub = new LiveHub(live, opts);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const allowedHosts = new Set<string>();
  try {
    allowedHosts.add(new URL(deps.config.publicUrl).host);
  } catch {
    /* no public url */
  }

  async function authenticate(req: IncomingMessage): Promise<{ actor: Actor; sessionKey: string } | null> {
    const token = cookie(req, SESSION_COOKIE);
    if (!token || token.length > 100) return null;
    const found = await sessions.resolveSession(token);
    const companyId = found?.user.companyId;
    if (!found || !companyId) return null;
    return { actor: actorOfUser(found.user, found.group), sessionKey: liveSessionKey(token) };
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!url.pathname.startsWith('/socket/')) return; // another upgrade handler's business
    const m = PATH.exec(url.pathname);
    if (!m) return refuse(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin) {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        /* refused below */
      }
      if (host !== req.headers.host && !allowedHosts.has(host)) return refuse(socket, 403, 'Forbidden');
    }
    authenticate(req).then(
      (who) => {
        if (!who) return refuse(socket, 401, 'Unauthorized');
        if (who.actor.id.toLowerCase() !== m[1].toLowerCase()) return refuse(socket, 403, 'Forbidden');
        const afterRaw = url.searchParams.get('after');
        const after = afterRaw && /^\d{1,15}$/.test(afterRaw) ? Number(afterRaw) : undefined;
        wss.handleUpgrade(req, socket, head, (ws) => void serve(ws, who, after));
      },
      () => refuse(socket, 503, 'Service Unavailable'),
    );
  };

  async function serve(ws: WebSocket, who: { actor: Actor; sessionKey: string }, after?: number) {
    // Counted and added in one synchronous step, so parallel upgrades cannot all slip under the cap.
    if (hub.socketsOf(who.sessionKey) >= MAX_SOCKETS_PER_SESSION) {
      ws.close(LIVE_CLOSE.tooManySockets.code, LIVE_CLOSE.tooManySockets.reason);
      return;
    }
    const sent = new Set<number>();
    let lastId = 0;
    let queue: LiveEvent[] | null = after !== undefined ? [] : null;
    const write = (ev: LiveEvent) => {
      if (sent.has(ev.id) || ws.readyState !== ws.OPEN) return;
      sent.add(ev.id);
      if (sent.size > 1000) sent.delete(sent.values().next().value!);
      lastId = Math.max(lastId, ev.id);
      ws.send(JSON.stringify({ type: ev.type, data: ev.data, id: ev.id }));
    };
    const client: LiveClient = {
      ...who,
      send: (ev) => (queue ? queue.push(ev) : write(ev)),
      end: ({ code, reason }) => ws.close(code, reason),
    };
    hub.add(client);
    let alive = true;
    ws.on('pong', () => (alive = true));
    const beat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, HEARTBEAT_MS);
    ws.on('close', () => {
      clearInterval(beat);
      hub.remove(client);
    });
    ws.on('message', () => undefined); // the channel is server -> client only
    try {
      const upTo = await hub.position();
      lastId = upTo;
      if (after !== undefined) {
        lastId = after;
        for (const ev of await hub.backlog(client.actor, after, upTo)) write(ev);
        const pending = queue ?? [];
        queue = null;
        for (const ev of pending) write(ev);
        lastId = Math.max(lastId, upTo);
      }
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'connected', data: { userId: client.actor.id, lastId } }));
    } catch (e) {
      console.error('[live] resume failed:', (e as Error).message);
      ws.close(1011, 'resume failed');
    }
  }

  server.on('upgrade', onUpgrade);
  return {
    hub,
    async close() {
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await hub.close();
    },
  };
}
