import type { Knex } from 'knex';

export type AuthEventKind =
  | 'login_ok' | 'login_failed' | 'login_throttled' | 'login_refused_status' | 'logout'
  | 'unauthenticated' | 'access_denied' | 'cross_site'
  | 'register' | 'password_reset_requested' | 'password_reset_done' | 'password_changed';

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

export interface ThrottlePolicy {
  windowMs: number;
  /** Failed attempts for one account within the window before sign-in is refused. */
  perAccount: number;
  /** Failed attempts from one address within the window before sign-in is refused. */
  perIp: number;
}
export const DEFAULT_THROTTLE: ThrottlePolicy = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 };

/** The sign-in log (throttling) and the audit log of authentication and refused authorization. */
export interface AuthLogStore {
  event(e: AuthEvent): Promise<void>;
  events(filter?: { kind?: AuthEventKind; userId?: string; email?: string }, limit?: number): Promise<any[]>;
  attempt(email: string, ip: string, succeeded: boolean): Promise<void>;
  /**
   * Whether sign-in is refused for now: too many failures for the account or from the address within
   * the window. A success resets the account's count (failures before it do not count).
   */
  isThrottled(email: string, ip: string): Promise<boolean>;
}

export class KnexAuthLogStore implements AuthLogStore {
  constructor(private readonly k: Knex, private readonly throttle: ThrottlePolicy = DEFAULT_THROTTLE) {}

  async event(e: AuthEvent): Promise<void> {
    await this.k('auth_events').insert({
      kind: e.kind, user_id: e.userId ?? null, company_id: e.companyId ?? null, email: e.email?.slice(0, 320) ?? null,
      ip: e.ip?.slice(0, 64) ?? null, method: e.method ?? null, path: e.path?.slice(0, 500) ?? null,
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
  }

  /**
   * Whether sign-in is refused for now: too many failures for the account or from the address within
   * the window. A success resets the account's count (failures before it do not count).
   */
  async isThrottled(email: string, ip: string): Promise<boolean> {
    const since = new Date(Date.now() - this.throttle.windowMs);
    const acct = email.trim().toLowerCase();
    const lastOk = await this.k('login_attempts').where({ email: acct, succeeded: true }).where('created_at', '>=', since).max<{ m: Date | null }[]>({ m: 'created_at' });
    const accountSince = lastOk[0]?.m ? new Date(lastOk[0].m) : since;
    const [{ n: byAccount }] = await this.k('login_attempts').where({ email: acct, succeeded: false })
      .where('created_at', '>', accountSince).count<{ n: string }[]>({ n: '*' });
    if (Number(byAccount) >= this.throttle.perAccount) return true;
    const [{ n: byIp }] = await this.k('login_attempts').where({ ip, succeeded: false })
      .where('created_at', '>=', since).count<{ n: string }[]>({ n: '*' });
    return Number(byIp) >= this.throttle.perIp;
  }
}

/** @deprecated use `stores.authLog` (createStores); kept while code outside the accounts, documents and live areas still builds its own. */
export const AuthLogStore = KnexAuthLogStore;
