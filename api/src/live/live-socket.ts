import type { WebSocket } from 'ws';
import type { Actor } from '@grain/domain';
import type { LiveEvent } from '@grain/persistence';
import { LIVE_CLOSE, MAX_SOCKETS_PER_SESSION } from './live-access';
import type { LiveClient, LiveHub } from './live-hub';

const HEARTBEAT_MS = 30_000;

/** Who a socket serves: the signed-in user and the key of the session it came with. */
export interface LiveCaller {
  actor: Actor;
  sessionKey: string;
}

/**
 * Serves one accepted socket: within its session's cap, each event once (`{ type, data, id }`), the
 * backlog after `after` first when it resumes, then `{ type: 'connected', data: { userId, lastId } }`.
 */
export async function serveLiveSocket(hub: LiveHub, ws: WebSocket, who: LiveCaller, after?: number) {
  // Counted and added in one synchronous step, so parallel upgrades cannot all slip under the cap.
  if (hub.socketsOf(who.sessionKey) >= MAX_SOCKETS_PER_SESSION) {
    ws.close(LIVE_CLOSE.tooManySockets.code, LIVE_CLOSE.tooManySockets.reason);
    return;
  }
  const feed = new SocketFeed(ws, after !== undefined);
  const client: LiveClient = {
    ...who,
    send: (ev) => feed.send(ev),
    end: ({ code, reason }) => ws.close(code, reason),
  };
  hub.add(client);
  keepAlive(ws, () => hub.remove(client));
  ws.on('message', () => undefined); // the channel is server -> client only
  try {
    await startFeed(hub, feed, client.actor, after);
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'connected', data: { userId: client.actor.id, lastId: feed.lastId } }));
  } catch (e) {
    console.error('[live] resume failed:', (e as Error).message);
    ws.close(1011, 'resume failed');
  }
}

/**
 * What one socket is sent: each event once (by id), and the last id it saw. While a resuming socket
 * reads its backlog, new events wait in a queue so nothing overtakes the backlog.
 */
class SocketFeed {
  private readonly sent = new Set<number>();
  private queue: LiveEvent[] | null;
  lastId = 0;

  constructor(
    private readonly ws: WebSocket,
    resuming: boolean,
  ) {
    this.queue = resuming ? [] : null;
  }

  send(ev: LiveEvent) {
    if (this.queue) this.queue.push(ev);
    else this.write(ev);
  }

  write(ev: LiveEvent) {
    const ws = this.ws;
    if (this.sent.has(ev.id) || ws.readyState !== ws.OPEN) return;
    this.sent.add(ev.id);
    if (this.sent.size > 1000) this.sent.delete(this.sent.values().next().value!);
    this.lastId = Math.max(this.lastId, ev.id);
    ws.send(JSON.stringify({ type: ev.type, data: ev.data, id: ev.id }));
  }

  /** Sends what waited while the backlog was read, and from now on every event as it comes. */
  flushQueue() {
    const pending = this.queue ?? [];
    this.queue = null;
    for (const ev of pending) this.write(ev);
  }
}

/** Where the feed starts: now, or (resuming) after `after` with the backlog up to now sent first. */
async function startFeed(hub: LiveHub, feed: SocketFeed, actor: Actor, after: number | undefined) {
  const upTo = await hub.position();
  feed.lastId = upTo;
  if (after === undefined) return;
  feed.lastId = after;
  for (const ev of await hub.backlog(actor, after, upTo)) feed.write(ev);
  feed.flushQueue();
  feed.lastId = Math.max(feed.lastId, upTo);
}

/** Pings every HEARTBEAT_MS and ends a socket that did not answer the last ping; `onClose` once it closes. */
function keepAlive(ws: WebSocket, onClose: () => void) {
  let alive = true;
  ws.on('pong', () => (alive = true));
  const beat = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, HEARTBEAT_MS);
  ws.on('close', () => {
    clearInterval(beat);
    onClose();
  });
}
