// The query plans of the certificate list: runs the store's own list() and counts() with knex's
// query events captured, then EXPLAIN (ANALYZE, BUFFERS) on each captured statement, so the plans are
// those of the SQL the API really sends (not a hand-written copy of it).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createStores } = require('@grain/persistence');

async function captured(knex, fn) {
  const out = [];
  const on = (q) => out.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on('query', on);
  try {
    await fn();
  } finally {
    knex.removeListener('query', on);
  }
  return out;
}

/** The plan's node lines (no cost figures) and its execution time. */
async function explain(knex, { sql, bindings }) {
  // The event carries the driver's SQL ($1, $2, ... in order); knex.raw wants ? placeholders.
  const r = await knex.raw(`explain (analyze, buffers, costs off) ${sql.replace(/\$\d+/g, '?')}`, bindings);
  const lines = r.rows.map((x) => x['QUERY PLAN']);
  const time = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]);
  return { sql, lines: lines.filter((l) => !/^(Planning|Execution)/.test(l)), ms: time };
}

/**
 * Plans of: the session lookup every request makes (session + user + group in one statement), the first page, the first page of the 'signing' toggle, a deep keyset page (`deepCursor`),
 * and the per-request toggle counts. Each statement is run once before its EXPLAIN so caches are warm.
 */
export async function explainList(knex, companyId, deepCursor) {
  const store = createStores(knex).certificates;
  const sessions = createStores(knex).sessions;
  const user = await knex('users').where({ company_id: companyId }).whereNot({ role: 'admin' }).first('id');
  const { token } = await sessions.start(user.id);
  const cases = {
    'session lookup (session + user + group)': () => sessions.resolveSession(token),
    'first page': () => store.list({ companyId, limit: 20 }),
    "'signing' toggle, first page": () => store.list({ companyId, statuses: ['signing', 'rejected'], limit: 20 }),
    'deep page (keyset cursor)': () => store.list({ companyId, after: deepCursor, limit: 20 }),
    'toggle counts': () => store.counts(companyId),
  };
  const out = [];
  // Before migration 008 counts() scanned the company's rows; kept here to show what the table saves.
  const scan = { sql: 'select status, overdue, count(*) as n from certificates where company_id = ? group by status, overdue', bindings: [companyId] };
  await knex.raw(scan.sql, scan.bindings);
  out.push({
    name: 'toggle counts as counted before migration 008 (a scan of the rows)',
    ...(await explain(knex, { ...scan, sql: scan.sql.replace('?', '$1') })),
  });
  for (const [name, fn] of Object.entries(cases)) {
    await fn();
    for (const q of await captured(knex, fn)) out.push({ name, ...(await explain(knex, q)) });
  }
  return out;
}
