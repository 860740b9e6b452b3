import type { Knex } from 'knex';
import { LOGIN_THROTTLE, type FailureCount, type SignInHistory } from '@grain/domain';

export type AuthEventKind =
  | 'login_ok'
  | 'login_failed'
  | 'login_throttled'
  | 'login_refused_status'
  | 'logout'
  | 'unauthenticated'
  | 'access_denied'
  | 'cross_site'
  | 'register'
  | 'register_attempt'
  | 'password_reset_requested'
  | 'password_reset_done'
  | 'password_changed'
  | 'email_changed'
  | 'email_change_requested';

export interface AuthEvent {
  kind: AuthEventKind;
  userId?: string | null;
  companyId?: string | null;
  email?: string | null;
  ip?: string | null;
  method?: string;
  path?: string;
  detail?: Record<string, unknown>;
}

/** The sign-in log (throttling) and the audit log of authentication and refused authorization. */
export interface AuthLogStore {
  event(e: AuthEvent): Promise<void>;
  events(filter?: { kind?: AuthEventKind; userId?: string; email?: string }, limit?: number): Promise<any[]>;
  attempt(email: string, ip: string, succeeded: boolean): Promise<void>;
  /**
   * What the sign-in log says about an attempt of `email` from `ip` at `now`: failures of the pair
   * (since that pair's last success, never reset by someone else's), of the account from every address,
   * of the address across accounts, each within its window; and whether the account signed in from this
   * address within `knownForMs` (the windows are the domain's LOGIN_THROTTLE). The rule that turns them
   * into a wait is the domain's (loginWaitMs).
   */
  signInHistory(email: string, ip: string, now?: Date): Promise<SignInHistory>;
  /** Events of a kind from one address after `since` (the registration limit counts them). */
  countFromAddress(kind: AuthEventKind, ip: string, since: Date): Promise<number>;
  /**
   * Drops the sign-in log's rows no throttle reads any more (signInHistory): failures older than the
   * longest window, successes older than knownForMs, and every success of a pair but its last. `attempt`
   * calls it on a fresh store and then at most once an hour, so the log stays as small as its use.
   */
  pruneAttempts(now?: Date): Promise<number>;
}

/** How often `attempt` prunes the sign-in log. */
const PRUNE_EVERY_MS = 3_600_000;

export class KnexAuthLogStore implements AuthLogStore {
  private prunedAt = 0;
  constructor(private readonly k: Knex) {}

  async event(e: AuthEvent): Promise<void> {
    await this.k('auth_events').insert({
      kind: e.kind,
      user_id: e.userId ?? null,
      company_id: e.companyId ?? null,
      email: e.email?.slice(0, 320) ?? null,
      ip: e.ip?.slice(0, 64) ?? null,
      method: e.method ?? null,
      path: e.path?.slice(0, 500) ?? null,
      detail: e.detail ? JSON.stringify(e.detail) : null,
    });
  }
  async events(filter: { kind?: AuthEventKind; userId?: string; email?: string } = {}, limit = 100) {
    const q = this.k('auth_events').orderBy('id', 'desc').limit(limit);
    if (filter.kind) q.where({ kind: filter.kind });
    if (filter.userId) q.where({ user_id: filter.userId });
    if (filter.email) q.whereRaw('lower(email) = lower(?)', [filter.email]);
    return q;
  }

  async attempt(email: string, ip: string, succeeded: boolean): Promise<void> {
    await this.k('login_attempts').insert({ email: email.trim().toLowerCase().slice(0, 320), ip: ip.slice(0, 64), succeeded });
    if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.pruneAttempts();
    }
  }

  async pruneAttempts(now = new Date()): Promise<number> {
    const t = LOGIN_THROTTLE;
    const failuresBefore = new Date(now.getTime() - Math.max(t.pair.windowMs, t.account.windowMs, t.address.windowMs));
    const knownBefore = new Date(now.getTime() - t.knownForMs);
    const r = await this.k.raw(
      `delete from login_attempts a
        where (not a.succeeded and a.created_at < ?)
           or (a.succeeded and a.created_at < ?)
           or (a.succeeded and exists (select 1 from login_attempts b
                where b.email = a.email and b.ip = a.ip and b.succeeded and b.created_at > a.created_at))`,
      [failuresBefore, knownBefore],
    );
    return Number((r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0);
  }

  async signInHistory(email: string, ip: string, now = new Date()): Promise<SignInHistory> {
    const w = {
      pairMs: LOGIN_THROTTLE.pair.windowMs,
      accountMs: LOGIN_THROTTLE.account.windowMs,
      addressMs: LOGIN_THROTTLE.address.windowMs,
      knownForMs: LOGIN_THROTTLE.knownForMs,
    };
    const acct = email.trim().toLowerCase();
    const address = ip.slice(0, 64);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const lastOk = await this.k('login_attempts')
      .where({ email: acct, ip: address, succeeded: true })
      .where('created_at', '>=', ago(Math.max(w.pairMs, w.knownForMs)))
      .max<{ m: Date | null }[]>({ m: 'created_at' });
    const lastOkAt = lastOk[0]?.m ? new Date(lastOk[0].m) : null;
    const pairSince = lastOkAt && lastOkAt > ago(w.pairMs) ? lastOkAt : ago(w.pairMs);
    const failures = (q: Knex.QueryBuilder, after: Date) =>
      q.where({ succeeded: false }).where('created_at', '>', after).first(this.k.raw('count(*) as n'), this.k.raw('max(created_at) as m')) as Promise<{
        n: string | number;
        m: Date | string | null;
      }>;
    const toCount = (r: { n: string | number; m: Date | string | null } | undefined): FailureCount => ({
      count: Number(r?.n ?? 0),
      last: r?.m ? new Date(r.m) : null,
    });
    const [pair, byAccount, byAddress] = await Promise.all([
      failures(this.k('login_attempts').where({ email: acct, ip: address }), pairSince),
      failures(this.k('login_attempts').where({ email: acct }), ago(w.accountMs)),
      failures(this.k('login_attempts').where({ ip: address }), ago(w.addressMs)),
    ]);
    return {
      pair: toCount(pair),
      account: toCount(byAccount),
      address: toCount(byAddress),
      knownAddress: !!lastOkAt && lastOkAt >= ago(w.knownForMs),
    };
  }

  async countFromAddress(kind: AuthEventKind, ip: string, since: Date): Promise<number> {
    const [{ n }] = await this.k('auth_events')
      .where({ kind, ip: ip.slice(0, 64) })
      .where('created_at', '>', since)
      .count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }
}
