/**
 * Sign-in throttling: growing delays instead of a lock-out. Three counts of failed sign-ins, each
 * turned into a wait the same way (after `free` failures each further one doubles the wait from
 * `baseMs`, at most `maxMs`, counted from the last failure):
 *
 * - pair — one account from one address (since that pair's last success), always applied: whoever
 *   guesses at an account from one place is slowed there.
 * - account — one account from every address, over a day: bounds the guesses at one account however
 *   many addresses an attacker rotates through (a botnet, a carrier's address pool), to about
 *   `free` + 96 a day. Not applied from an address the account signed in from before (`knownForMs`):
 *   its owner at their usual office or farm is not locked out by someone guessing elsewhere; there the
 *   pair count still bounds a guesser.
 * - address — one address across accounts, over an hour: slows password spraying from one place. Not
 *   applied to an account that signed in from this address before: a grain co-op's office, a farm's
 *   satellite link or a mobile carrier's NAT puts many people behind one address, and the mistakes of
 *   some (or a sprayer among them) must not hold back the others.
 *
 * A wait that applies holds back the right password too, since letting it in would tell a guesser they
 * were right. What remains: during a spray from a shared address, someone signing in from it for the
 * first time (not known there yet) waits like the sprayer. Registering counts as signing in.
 */
export interface ThrottleRule {
  /** Failures counted within this window (longer than the longest wait). */
  windowMs: number;
  free: number;
  baseMs: number;
  maxMs: number;
}
export const LOGIN_THROTTLE = {
  pair: { windowMs: 60 * 60_000, free: 5, baseMs: 30_000, maxMs: 15 * 60_000 },
  account: { windowMs: 24 * 60 * 60_000, free: 10, baseMs: 30_000, maxMs: 15 * 60_000 },
  address: { windowMs: 60 * 60_000, free: 20, baseMs: 30_000, maxMs: 15 * 60_000 },
  /** An address stays known to an account this long after a successful sign-in from it. */
  knownForMs: 90 * 24 * 60 * 60_000,
} as const satisfies { pair: ThrottleRule; account: ThrottleRule; address: ThrottleRule; knownForMs: number };

/** How long after the last failure the next attempt must wait (0: none). */
export function throttleDelayMs(failures: number, rule: Pick<ThrottleRule, 'free' | 'baseMs' | 'maxMs'>): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - rule.free));
}

/** Milliseconds still to wait at `now` (0: the attempt may go ahead). */
export function waitLeftMs(failures: number, lastFailureAt: Date | null, rule: Pick<ThrottleRule, 'free' | 'baseMs' | 'maxMs'>, now: number): number {
  if (!lastFailureAt) return 0;
  return Math.max(0, lastFailureAt.getTime() + throttleDelayMs(failures, rule) - now);
}

/** Failed sign-ins of one kind within its window: how many, and when the last one was. */
export interface FailureCount {
  count: number;
  last: Date | null;
}

/** What the sign-in log says about an attempt of one account from one address. */
export interface SignInHistory {
  pair: FailureCount;
  account: FailureCount;
  address: FailureCount;
  /** The account signed in from this address within `knownForMs`. */
  knownAddress: boolean;
}

/** How long this attempt must wait (0: it may go ahead): the longest of the waits that apply to it. */
export function loginWaitMs(h: SignInHistory, now: number): number {
  const wait = (f: FailureCount, rule: ThrottleRule) => waitLeftMs(f.count, f.last, rule, now);
  return Math.max(
    wait(h.pair, LOGIN_THROTTLE.pair),
    h.knownAddress ? 0 : wait(h.account, LOGIN_THROTTLE.account),
    h.knownAddress ? 0 : wait(h.address, LOGIN_THROTTLE.address),
  );
}

/** Registrations that pass validation, per address per hour. */
export const REGISTRATION_LIMIT = { perAddress: 10, windowMs: 60 * 60_000 } as const;
