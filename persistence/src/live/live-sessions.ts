import type { Knex } from 'knex';
import type { Permission } from '@grain/domain';
import { DEFAULT_SESSION_POLICY } from '../accounts/session-store';
import { sha256hex } from '../digest';

/** A live socket's session as the channel re-checks it: who it is now and what they may see. */
export interface LiveSession {
  userId: string;
  companyId: string;
  role: string;
  /** Admin power is the user's flag, never a role or group name. */
  isAdmin: boolean;
  /** The permissions of the active group the user's role names; empty when there is none. */
  groupRoles: Permission[];
}

export const liveSessionKey = (token: string) => sha256hex(token);

/**
 * The sessions among `keys` (liveSessionKey of the cookie token) that still hold: not ended, not past
 * their absolute end, not idle longer than `idleMs`, user active and in a company. Read only: an open
 * socket is not activity, so the check must not move the idle clock (resolve() would).
 */
export async function liveSessions(k: Knex, keys: string[], idleMs = DEFAULT_SESSION_POLICY.idleMs): Promise<Map<string, LiveSession>> {
  const out = new Map<string, LiveSession>();
  if (!keys.length) return out;
  const now = new Date();
  const rows = await k('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .leftJoin('groups as g', (j) => j.on('g.company_id', 'u.company_id').andOn(k.raw('lower(g.group_name) = lower(btrim(u.role))')))
    .whereIn('s.id_hash', keys)
    .whereNull('s.ended_at')
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', new Date(now.getTime() - idleMs))
    .whereNull('u.deleted_at')
    .where('u.status', 'active')
    .whereNotNull('u.company_id')
    .select('s.id_hash', 'u.id', 'u.company_id', 'u.role', 'u.is_admin', 'g.status as group_status', 'g.roles as group_roles');
  for (const r of rows) {
    out.set(r.id_hash, {
      userId: r.id,
      companyId: r.company_id,
      role: r.role,
      isAdmin: !!r.is_admin,
      groupRoles: r.group_status === 'active' ? ((r.group_roles ?? []) as Permission[]) : [],
    });
  }
  return out;
}
