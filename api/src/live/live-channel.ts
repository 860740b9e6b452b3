import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { actorOfUser } from '@grain/domain';
import { liveSessionKey } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { SESSION_COOKIE } from '../http/auth-middleware';
import { LiveHub, type LiveHubOptions } from './live-hub';
import { serveLiveSocket, type LiveCaller } from './live-socket';

const PATH = /^\/socket\/test\/([0-9a-fA-F-]{36})\/?$/;

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
  const hub = new LiveHub(deps.stores.live, opts);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const onUpgrade = upgradeHandler({
    sessions: deps.stores.sessions,
    allowedHosts: publicHosts(deps.config.publicUrl),
    wss,
    serve: (ws, who, after) => void serveLiveSocket(hub, ws, who, after),
  });
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

interface UpgradeContext {
  sessions: ApiDeps['stores']['sessions'];
  /** Origins accepted besides the request's own host: the public URL's. */
  allowedHosts: Set<string>;
  wss: WebSocketServer;
  serve: (ws: WebSocket, who: LiveCaller, after?: number) => void;
}

/**
 * Accepts an upgrade to /socket/test/{userId} from the same origin, for the signed-in user it names
 * (401 without a session, 403 for another user or origin, 503 when the session cannot be read).
 */
function upgradeHandler({ sessions, allowedHosts, wss, serve }: UpgradeContext) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!url.pathname.startsWith('/socket/')) return; // another upgrade handler's business
    const m = PATH.exec(url.pathname);
    if (!m) return refuse(socket, 404, 'Not Found');
    if (!originAllowed(req, allowedHosts)) return refuse(socket, 403, 'Forbidden');
    authenticate(sessions, req).then(
      (who) => {
        if (!who) return refuse(socket, 401, 'Unauthorized');
        if (who.actor.id.toLowerCase() !== m[1].toLowerCase()) return refuse(socket, 403, 'Forbidden');
        wss.handleUpgrade(req, socket, head, (ws) => serve(ws, who, resumeAfter(url)));
      },
      () => refuse(socket, 503, 'Service Unavailable'),
    );
  };
}

/** The public URL's host (none when it is not set). */
function publicHosts(publicUrl: string): Set<string> {
  const hosts = new Set<string>();
  try {
    hosts.add(new URL(publicUrl).host);
  } catch {
    /* no public url */
  }
  return hosts;
}

/** Same-origin upgrades only: no Origin header, or one naming the request's host or the public URL's. */
function originAllowed(req: IncomingMessage, allowedHosts: Set<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let host = '';
  try {
    host = new URL(origin).host;
  } catch {
    /* refused below */
  }
  return host === req.headers.host || allowedHosts.has(host);
}

/** The last event id a reconnecting client saw (`?after=`), when it gives a well-formed one. */
function resumeAfter(url: URL): number | undefined {
  const afterRaw = url.searchParams.get('after');
  return afterRaw && /^\d{1,15}$/.test(afterRaw) ? Number(afterRaw) : undefined;
}

/** The session of the request's cookie, as the caller a socket serves; null without a valid one. */
async function authenticate(sessions: UpgradeContext['sessions'], req: IncomingMessage): Promise<LiveCaller | null> {
  const token = cookie(req, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const found = await sessions.resolveSession(token);
  const companyId = found?.user.companyId;
  if (!found || !companyId) return null;
  return { actor: actorOfUser(found.user, found.group), sessionKey: liveSessionKey(token) };
}
