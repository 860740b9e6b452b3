/**
 * Sign-in throttling by growing delays instead of a lock-out: failures of one account from one address
 * slow that pair only, failures from one address across accounts slow that address only, so nobody
 * can lock another person out from elsewhere. After `free` failures each further one doubles the wait
 * (from `baseMs`, at most `maxMs`); a success from the pair clears the pair's count.
 */
export interface ThrottleRule {
  free: number;
  baseMs: number;
  maxMs: number;
}
export const LOGIN_THROTTLE = {
  /** Failures counted within this window (longer than the longest wait). */
  windowMs: 60 * 60_000,
  pair: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000 },
  address: { free: 20, baseMs: 30_000, maxMs: 15 * 60_000 },
} as const satisfies { windowMs: number; pair: ThrottleRule; address: ThrottleRule };

/** How long after the last failure the next attempt must wait (0: none). */
export function throttleDelayMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - rule.free));
}

/** Milliseconds still to wait at `now` (0: the attempt may go ahead). */
export function waitLeftMs(failures: number, lastFailureAt: Date | null, rule: ThrottleRule, now: number): number {
  if (!lastFailureAt) return 0;
  return Math.max(0, lastFailureAt.getTime() + throttleDelayMs(failures, rule) - now);
}

/** Registrations that pass validation, per address per hour. */
export const REGISTRATION_LIMIT = { perAddress: 10, windowMs: 60 * 60_000 } as const;
