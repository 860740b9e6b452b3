/**
 * A fingerprint of the data a request could change: every row of every table, minus the logs that
 * any request legitimately appends to (sign-in attempts, auth events, sessions, the mailbox). Used to
 * prove that a refused request changed nothing, and that nothing of a foreign company changed.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

// public_request_counts: the per-address counter every public request adds to (the throttle), as login_attempts is for sign-ins
const LOG_TABLES = new Set([
  'auth_events',
  'auth_attempts',
  'login_attempts',
  'public_request_counts',
  'sessions',
  'mails',
  'knex_migrations',
  'knex_migrations_lock',
  'live_events',
]);

const tablesCache: WeakMap<Knex, Promise<Array<{ table: string; hasCompany: boolean }>>> = new WeakMap();

async function tables(k: Knex) {
  if (!tablesCache.has(k)) {
    tablesCache.set(
      k,
      (async () => {
        const cols = await k('information_schema.columns').where({ table_schema: 'public' }).select('table_name', 'column_name');
        const byTable = new Map<string, Set<string>>();
        for (const c of cols) byTable.set(c.table_name, (byTable.get(c.table_name) ?? new Set()).add(c.column_name));
        return [...byTable.entries()]
          .filter(([t]) => !LOG_TABLES.has(t))
          .map(([table, c]) => ({ table, hasCompany: c.has('company_id') }))
          .sort((x, y) => x.table.localeCompare(y.table));
      })(),
    );
  }
  return tablesCache.get(k)!;
}

/**
 * An md5 per table of its rows (or, with `companyId`, of that company's rows and its company row),
 * all computed by the database in one statement so it is cheap enough to take around every request.
 */
export async function dbSnapshot(k: Knex, companyId?: string): Promise<Record<string, string>> {
  const parts: string[] = [];
  const bindings: string[] = [];
  for (const { table, hasCompany } of await tables(k)) {
    if (companyId && !hasCompany && table !== 'companies') continue;
    const where = companyId ? ` where t.${table === 'companies' ? 'id' : 'company_id'}::text = ?` : '';
    if (companyId) bindings.push(companyId);
    parts.push(`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t${where}) as "${table}"`);
  }
  const res = await k.raw(`select ${parts.join(', ')}`, bindings);
  return (res.rows ?? res)[0];
}

/** The tables whose rows differ between two snapshots (empty when nothing changed). */
export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]).sort();
}

/** One sha256 over the whole snapshot. */
export async function dbChecksum(k: Knex, companyId?: string): Promise<string> {
  return createHash('sha256')
    .update(JSON.stringify(await dbSnapshot(k, companyId)))
    .digest('hex');
}
