// The list benchmark's ceiling: a bare Express route that runs the certificate list's own keyset
// statement (listPageStatement from @grain/persistence, as a named prepared statement on a pg pool of
// the API's size) and answers a same-size JSON text: no session, no feature routers, no middleware, no
// counts query. Reports { port } over IPC when listening; stops on 'stop'.
//
// Env: DATABASE_URL, COMPANY_ID, COUNTS (the answer's counts, JSON text). A request may carry
// x-pad-to: <bytes> so the answer is padded to the size of the API's answer for the same page (the
// ceiling must not win by answering less).
const express = require('express');
const { Pool } = require('pg');
const { isToggle, statusesOfToggles } = require('@grain/domain');
const { listPageStatement } = require('@grain/persistence');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
const companyId = process.env.COMPANY_ID;
const counts = process.env.COUNTS ?? '{}';
const names = new Map();

/** knex's `?` placeholders as pg's $1, $2, ... */
const numbered = (sql) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

const app = express();
app.get('/api/company/approvals', async (req, res, next) => {
  try {
    const q = req.query; // a getter that parses the query string on every read
    const asked = String(q.status ?? '')
      .split(',')
      .filter(isToggle);
    const st = listPageStatement({
      companyId,
      statuses: asked.length ? statusesOfToggles(asked) : undefined,
      after: typeof q.cursor === 'string' && q.cursor ? q.cursor : undefined,
      limit: Number(q.limit) || 20,
    });
    let name = names.get(st.sql);
    if (!name) names.set(st.sql, (name = `bare_${names.size}`));
    const { rows } = await pool.query({ name, text: numbered(st.sql), values: st.bindings });
    const row = rows[0] ?? {};
    const next = row.next ?? null;
    let text = `{"approval_list":[${row.page ?? ''}],"counts":${counts},"nextCursor":${JSON.stringify(next)}}`;
    const padTo = Number(req.header('x-pad-to')) || 0;
    if (text.length < padTo) text = `${text.slice(0, -1)},"pad":"${' '.repeat(Math.max(0, padTo - text.length - 9))}"}`;
    res.type('application/json').send(text);
  } catch (e) {
    next(e);
  }
});

const server = app.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', async (m) => {
  if (m === 'stop') {
    server.close();
    await pool.end();
    process.exit(0);
  }
});
