import type { Knex } from 'knex';

/**
 * What the database probe found. `busy`: every connection is held (a CSV import's transaction on
 * the embedded database's one connection, say) and statements are still finishing, so a round trip
 * would only measure the queue; the database is up.
 */
export type DbProbe =
  | { ok: true; state: 'idle'; roundTripMs: number }
  | { ok: true; state: 'busy'; busySince: Date; lastActivityMsAgo: number; waiting: number }
  | { ok: false; state: 'failing' | 'stuck'; error: string; busySince?: Date };

/** Busy with no statement started or finished for this long is a stuck database, not a busy one. */
export const STUCK_AFTER_MS = 30_000;
/** An idle database that does not answer `select 1` within this long is failing. */
export const ROUND_TRIP_LIMIT_MS = 2_000;

interface Watch {
  max: number;
  held: number;
  /** When the connections became all held (the oldest hold of the current busy spell). */
  busySince: number | undefined;
  /** The last statement sent or answered, connection taken or given back. */
  lastActivity: number;
  waiting(): number;
}

const watches = new WeakMap<Knex.Client, Watch>();

interface TarnPool {
  max: number;
  on(event: 'acquireSuccess', f: () => void): void;
  on(event: 'release', f: () => void): void;
  numPendingAcquires(): number;
}

/** Follows the pool and the statements of `k` so a probe can tell a busy database from a stuck one. */
export function watchDatabase(k: Knex): void {
  const pool = (k.client as { pool?: TarnPool }).pool;
  if (!pool || watches.has(k.client)) return;
  const w: Watch = { max: pool.max, held: 0, busySince: undefined, lastActivity: Date.now(), waiting: () => pool.numPendingAcquires() };
  const touch = () => (w.lastActivity = Date.now());
  pool.on('acquireSuccess', () => {
    w.held++;
    if (w.held >= w.max && w.busySince === undefined) w.busySince = Date.now();
    touch();
  });
  pool.on('release', () => {
    w.held = Math.max(0, w.held - 1);
    if (w.held < w.max) w.busySince = undefined;
    touch();
  });
  k.on('query', touch).on('query-response', touch).on('query-error', touch);
  watches.set(k.client, w);
}

/**
 * The database probe, the one home of what "the database is healthy" means (the health endpoint and
 * the embedded ledger's probe ask it). With a connection free: a real round trip (`sql`), answered
 * within ROUND_TRIP_LIMIT_MS. With every connection held: no round trip, which would wait behind
 * the holder; "busy since" while statements keep finishing, "stuck" after STUCK_AFTER_MS without one.
 */
export async function probeDatabase(k: Knex, sql = 'select 1', opts: { stuckAfterMs?: number } = {}): Promise<DbProbe> {
  const w = watches.get(k.client);
  const busy = () => (w && w.held >= w.max ? w : undefined);
  const busyNow = busy();
  const stuckAfterMs = opts.stuckAfterMs ?? STUCK_AFTER_MS;
  if (busyNow) return busyReport(busyNow, stuckAfterMs);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ROUND_TRIP_LIMIT_MS)));
  try {
    const answer = await Promise.race([k.raw(sql).then(() => 'answered' as const), limit]);
    if (answer === 'answered') return { ok: true, state: 'idle', roundTripMs: performance.now() - started };
    // The connection was taken between the look and the round trip: the holder's progress says it.
    const busyLater = busy();
    if (busyLater) return busyReport(busyLater, stuckAfterMs);
    return { ok: false, state: 'failing', error: `no answer to ${sql} within ${ROUND_TRIP_LIMIT_MS} ms` };
  } catch (e) {
    return { ok: false, state: 'failing', error: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

function busyReport(w: Watch, stuckAfterMs: number): DbProbe {
  const busySince = new Date(w.busySince ?? Date.now());
  const quietMs = Date.now() - w.lastActivity;
  if (quietMs > stuckAfterMs) {
    return { ok: false, state: 'stuck', busySince, error: `every connection held and no statement finished for ${Math.round(quietMs / 1000)} s` };
  }
  return { ok: true, state: 'busy', busySince, lastActivityMsAgo: quietMs, waiting: w.waiting() };
}
