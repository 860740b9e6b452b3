/** One message of the live channel (server: api/src/live). */
export interface LiveMessage {
  type: string;
  data: any;
  id?: number;
}
type Listener = (m: LiveMessage) => void;
/** `ended`: the server closed the socket for good (session ended, or too many sockets); no reconnect. */
export type LiveStatus = 'connecting' | 'connected' | 'disconnected' | 'ended';

const RESUME_KEY = 'live.lastId';
const MAX_BACKOFF_MS = 15_000;
/** Close codes after which reconnecting cannot help (the server's LIVE_CLOSE): session ended, too many sockets. */
const FINAL_CLOSE_CODES = new Set([4001, 4008]);

/** Whether the browser still holds a session (the login page's own question); a refused upgrade does not say why. */
async function stillSignedIn(): Promise<boolean> {
  try {
    const r = await fetch('/api/auth/login', { credentials: 'same-origin' });
    if (!r.ok) return true; // unsure: keep trying with back-off
    return !!((await r.json()) as { loggedIn?: boolean }).loggedIn;
  } catch {
    return true;
  }
}

/**
 * The one socket of the page, shared by every useLive hook. It connects to /socket/test/{userId},
 * remembers the id of the last message (sessionStorage, so a reload resumes too) and reconnects with
 * ?after=<id> and growing back-off, so a dropped connection loses nothing. It stops for good when the
 * server ends the socket with a final close code, or when a connection attempt fails and the browser
 * is no longer signed in, so a signed-out page does not knock forever. A connection with nothing to
 * resume from asks its listeners to catch up (onCatchUp).
 */
export class LiveConnection {
  private ws?: WebSocket;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<(s: LiveStatus) => void>();
  private readonly catchUpListeners = new Set<() => void>();
  private retry = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private closed = false;
  status: LiveStatus = 'connecting';

  constructor(
    private readonly userId: string,
    private readonly makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
    private readonly signedIn: () => Promise<boolean> = stillSignedIn,
  ) {
    this.open();
  }

  private lastId(): number | undefined {
    try {
      const v = sessionStorage.getItem(`${RESUME_KEY}.${this.userId}`);
      return v ? Number(v) : undefined;
    } catch {
      return undefined;
    }
  }
  private remember(id: number) {
    try {
      sessionStorage.setItem(`${RESUME_KEY}.${this.userId}`, String(id));
    } catch {
      /* private mode */
    }
  }
  private setStatus(s: LiveStatus) {
    this.status = s;
    this.statusListeners.forEach((l) => l(s));
  }

  private open() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const after = this.lastId();
    // nothing to resume from: the server starts at its position now, so what was sent before (after a
    // page read its data) is not delivered; the listeners are asked to catch up once connected
    const fresh = after === undefined;
    const ws = this.makeSocket(`${proto}//${location.host}/socket/test/${encodeURIComponent(this.userId)}${after !== undefined ? `?after=${after}` : ''}`);
    this.ws = ws;
    this.setStatus('connecting');
    let connected = false;
    ws.onmessage = (e) => {
      let m: LiveMessage;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m.type === 'connected') {
        connected = true;
        this.retry = 0;
        this.setStatus('connected');
        if (typeof m.data?.lastId === 'number') this.remember(Math.max(m.data.lastId, this.lastId() ?? 0));
        if (fresh) this.catchUpListeners.forEach((l) => l());
        return;
      }
      if (typeof m.id === 'number') this.remember(m.id);
      this.listeners.forEach((l) => l(m));
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      if (FINAL_CLOSE_CODES.has(e.code)) return this.end();
      this.setStatus('disconnected');
      if (this.closed) return;
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.retry++);
      this.timer = setTimeout(() => void this.reopen(!connected), delay);
    };
  }

  private async reopen(checkSession: boolean) {
    if (this.closed) return;
    if (checkSession && !(await this.signedIn())) return this.end();
    if (!this.closed) this.open();
  }

  private end() {
    this.closed = true;
    clearTimeout(this.timer);
    this.setStatus('ended');
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  /**
   * Called when a connection is made without a resume point (the page's first, or when nothing was
   * remembered): messages sent before it were not delivered, so a listener reads its data again.
   */
  onCatchUp(l: () => void): () => void {
    this.catchUpListeners.add(l);
    return () => this.catchUpListeners.delete(l);
  }
  onStatus(l: (s: LiveStatus) => void): () => void {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  }
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
