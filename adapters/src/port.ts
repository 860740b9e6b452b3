/** What every adapter reports about itself for /api/health. */
export interface AdapterInfo {
  kind: 'embedded' | 'real';
  detail: string;
}
export interface HealthReport extends AdapterInfo {
  ok: boolean;
  error?: string;
  /** Up but occupied since then (ISO time): every database connection held by other work. */
  busySince?: string;
}
export interface Described {
  info(): AdapterInfo;
  /** A cheap liveness probe; throws when the backing system cannot be reached. */
  ping(): Promise<void>;
}
export async function healthOf(a: Described): Promise<HealthReport> {
  try {
    await a.ping();
    return { ...a.info(), ok: true };
  } catch (e) {
    return { ...a.info(), ok: false, error: (e as Error).message };
  }
}

/**
 * A health probe for a page that monitors poll: its answer serves every caller for `freshMs`; after
 * that callers still get the last answer at once while one refresh runs in the background, so no
 * request waits for the probe's round trips (an SMTP handshake, two Temporal RPCs). An answer older
 * than `maxAgeMs` is not served: callers wait for the refresh, so a hung or failing part shows.
 */
export function probeInBackground<T>(freshMs: number, maxAgeMs: number, probe: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let last: { at: number; answer: T } | undefined;
  let running: Promise<T> | undefined;
  const refresh = () => {
    const at = now();
    running ??= probe()
      .then((answer) => {
        last = { at, answer };
        return answer;
      })
      .finally(() => (running = undefined));
    return running;
  };
  return () => {
    const age = last ? now() - last.at : Infinity;
    if (age > maxAgeMs) return refresh();
    if (age > freshMs) refresh().catch(() => undefined); // its failure reaches the next caller that waits
    return Promise.resolve(last!.answer);
  };
}
