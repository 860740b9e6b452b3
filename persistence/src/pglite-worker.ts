import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread';

/**
 * The embedded database's own thread: PGlite (Postgres compiled to WebAssembly) runs each statement
 * synchronously, so here it holds only this thread while the API's event loop keeps serving. Requests
 * arrive one at a time from the knex client's single connection and are answered in that order.
 */
const port = parentPort!;
const { dataDir } = workerData as ThreadStart;
const db = new PGlite(dataDir);

db.waitReady.then(
  () => port.postMessage({ kind: 'ready' } satisfies ThreadReply),
  (e: unknown) => port.postMessage({ kind: 'failed', error: plainError(e) } satisfies ThreadReply),
);

port.on('message', (m: ThreadRequest) => {
  if (m.kind === 'close') {
    db.close().then(
      () => port.postMessage({ kind: 'closed', id: m.id } satisfies ThreadReply),
      (e: unknown) => port.postMessage({ kind: 'error', id: m.id, error: plainError(e) } satisfies ThreadReply),
    );
    return;
  }
  if (m.kind === 'listen') {
    db.listen(m.channel, (payload) => port.postMessage({ kind: 'notification', channel: m.channel, payload } satisfies ThreadReply)).then(
      () => port.postMessage({ kind: 'result', id: m.id, result: null } satisfies ThreadReply),
      (e: unknown) => port.postMessage({ kind: 'error', id: m.id, error: plainError(e) } satisfies ThreadReply),
    );
    return;
  }
  db.query(m.sql, m.params?.map(asBuffer), m.options as QueryOptions | undefined).then(
    (result) => port.postMessage({ kind: 'result', id: m.id, result } satisfies ThreadReply),
    (e: unknown) => port.postMessage({ kind: 'error', id: m.id, error: plainError(e) } satisfies ThreadReply),
  );
});

/** A Buffer crosses the thread boundary as a plain Uint8Array; PGlite was always given Buffers. */
function asBuffer(v: unknown): unknown {
  return v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;
}

/**
 * Postgres' error fields (code, severity, detail, constraint, ...) are own properties of PGlite's
 * DatabaseError, which a structured clone would drop: they travel as a plain object.
 */
function plainError(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  const out: Record<string, unknown> = { message: e.message, name: e.name, stack: e.stack };
  for (const [key, value] of Object.entries(e)) {
    if (typeof value === 'function') continue;
    try {
      out[key] = structuredClone(value);
    } catch {
      out[key] = String(value);
    }
  }
  return out;
}
