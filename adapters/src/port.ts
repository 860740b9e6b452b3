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
