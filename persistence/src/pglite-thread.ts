import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the thread is started with. */
export interface ThreadStart {
  /** Directory of the database files; undefined keeps the database in the thread's memory. */
  dataDir: string | undefined;
}
export type ThreadRequest =
  | { kind: 'query'; id: number; sql: string; params?: unknown[]; options?: unknown }
  | { kind: 'listen'; id: number; channel: string }
  | { kind: 'close'; id: number };
export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: Record<string, unknown> }
  | { kind: 'closed'; id: number }
  | { kind: 'notification'; channel: string; payload: string };

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/** Tests run this module from its TypeScript source; a worker thread needs the compiled file. */
function workerScript(): string {
  const dir = __filename.endsWith('.ts') ? path.resolve(__dirname, '../dist') : __dirname;
  return path.join(dir, 'pglite-worker.js');
}

/**
 * PGlite in a worker thread, seen from the API's thread: the part of PGlite's interface the knex
 * client (knex-pglite) uses — `waitReady`, `query(sql, params, options)`, `close()` — as messages to
 * the thread (pglite-worker.ts). The knex client's pool of one connection still decides the order
 * (a transaction's statements go one after another, nothing in between), and the thread answers in
 * the order it was asked. Errors come back with Postgres' fields (code, severity, detail, constraint).
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Why the thread can no longer answer; set once. */
  private stopped: Error | undefined;
  private closing: Promise<void> | undefined;
  /** Listeners by channel (db.ts `listen`): notifications committed on the database's one connection. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(private readonly dataDir: string | undefined) {
    this.worker = new Worker(workerScript(), { workerData: { dataDir } satisfies ThreadStart });
    this.worker.unref(); // an idle database never keeps the process alive; a waiting query does (see track)
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: ThreadReply) => {
        if (m.kind === 'ready') resolve();
        else if (m.kind === 'notification') for (const fn of this.listeners.get(m.channel) ?? []) fn(m.payload);
        else if (m.kind === 'failed') reject(this.toError(m.error, 'cannot open the embedded database'));
        else this.settle(m);
      });
      this.worker.once('error', (e) => {
        const why = new Error(`the embedded database thread failed: ${e.message}`);
        this.stop(why);
        reject(why);
      });
      this.worker.once('exit', (code) => {
        const why = new Error(`the embedded database thread stopped (exit ${code})`);
        this.stop(why);
        reject(why);
      });
    });
    this.waitReady.catch(() => undefined); // seen by whoever queries first
  }

  query<T = unknown>(sql: string, params?: unknown[], options?: unknown): Promise<T> {
    return this.ask({ kind: 'query', id: this.nextId++, sql, params, options }) as Promise<T>;
  }

  /**
   * Calls `fn` with the payload of every notification on `channel` (`select pg_notify(channel, payload)`,
   * delivered when its transaction commits) until the returned function is called. One mechanism with
   * Postgres' LISTEN: PGlite's one connection listens, the thread forwards what it hears.
   */
  async listen(channel: string, fn: (payload: string) => void): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.ask({ kind: 'listen', id: this.nextId++, channel });
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Closes the database (PGlite writes its files) and ends the thread; safe to call twice. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.stopped) await this.ask({ kind: 'close', id: this.nextId++ }).catch(() => undefined);
      this.stop(new Error('the embedded database is closed'));
      await this.worker.terminate();
    })();
    return this.closing;
  }

  private ask(req: ThreadRequest): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage(req);
    });
  }

  private settle(m: Exclude<ThreadReply, { kind: 'ready' | 'failed' | 'notification' }>): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.kind === 'error') p.reject(this.toError(m.error));
    else p.resolve(m.kind === 'result' ? m.result : undefined);
  }

  private stop(why: Error): void {
    if (this.stopped) return;
    this.stopped = why;
    for (const p of this.pending.values()) p.reject(why);
    this.pending.clear();
    this.worker.unref();
  }

  /** An Error with the thread's fields (Postgres' code, severity, detail, ...); its stack names both threads. */
  private toError(fields: Record<string, unknown>, prefix?: string): Error {
    const { message, stack, ...rest } = fields;
    const text = prefix ? `${prefix}${this.dataDir ? ` under ${this.dataDir}` : ''}: ${String(message)}` : String(message);
    const e = Object.assign(new Error(text), rest);
    e.stack = `${e.name}: ${text}\n    at the embedded database thread\n${String(stack ?? '')
      .split('\n')
      .slice(1)
      .join('\n')}`;
    return e;
  }
}
