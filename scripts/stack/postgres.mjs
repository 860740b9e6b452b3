// The stack's own Postgres cluster from Debian's server binaries (/usr/lib/postgresql/<major>/bin), in
// <dir>/pg, on loopback, password-authenticated like the `postgres` image of docker-compose.yml (its
// superuser `grain`, the app's database `grain`; Temporal's databases come from temporal-sql-tool).
// initdb and postgres refuse to run as root: as root they run as the system user `postgres`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync, rmSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startProcess, waitUntil } from './processes.mjs';
import { APP_DB, DB_USER } from './topology.mjs';

const require = createRequire(import.meta.url);

export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? { bin: path.join(base, majors[0], 'bin'), major: Number(majors[0]) } : null;
}

const asRoot = () => process.getuid?.() === 0;
/** [cmd, args] running as `postgres` when we are root (setpriv execs, so the pid is the server's). */
const asPostgres = (cmd, args) => (asRoot() ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', cmd, ...args]] : [cmd, args]);

export const dbUrl = (ports, password, db = APP_DB) => `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${ports.postgres}/${db}`;

async function query(url, sql) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

/** initdb on first use, then the server; resolves once it answers and the app's database exists. */
export async function startPostgres({ dir, ports, password, log }) {
  const pg = findPostgresBin();
  if (!pg) throw new Error('Postgres server binaries are missing: install the Debian package postgresql (apt-get install postgresql)');
  const pgDir = path.join(dir, 'pg');
  const data = path.join(pgDir, 'data');
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    log(`initdb (PostgreSQL ${pg.major}) in ${data}`);
    rmSync(pgDir, { recursive: true, force: true });
    mkdirSync(pgDir, { recursive: true });
    const pwfile = path.join(pgDir, 'initial-password');
    writeFileSync(pwfile, password, { mode: 0o600 });
    if (asRoot()) {
      chmodSync(dir, 0o755); // the postgres user must reach its directory
      execFileSync('chown', ['-R', 'postgres:', pgDir]);
      const [t, a] = asPostgres('test', ['-x', pgDir]);
      if (spawnSync(t, a).status !== 0) throw new Error(`the user postgres cannot reach ${pgDir}: use a --dir whose parent folders others may enter (o+x)`);
    }
    try {
      execFileSync(...asPostgres(path.join(pg.bin, 'initdb'), ['-D', data, '-U', DB_USER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8']), {
        stdio: 'pipe',
      });
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  const [cmd, args] = asPostgres(path.join(pg.bin, 'postgres'), [
    '-D',
    data,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `port=${ports.postgres}`,
    '-c',
    `unix_socket_directories=${pgDir}`,
    // Temporal's four services hold up to 30 connections each (SQL_MAX_CONNS 20 + visibility 10), the
    // API and worker processes 10 each (DATABASE_POOL_MAX)
    '-c',
    'max_connections=300',
  ]);
  const { started } = startProcess(dir, 'postgres', cmd, args, { env: process.env });
  const admin = dbUrl(ports, password, 'postgres');
  await waitUntil(dir, 'postgres', async () => (await query(admin, 'select 1')).length === 1, { what: 'accepting connections', timeoutMs: 60_000 });
  if ((await query(admin, `select 1 from pg_database where datname = '${APP_DB}'`)).length === 0) await query(admin, `create database ${APP_DB}`);
  const [{ server_version: version }] = await query(admin, 'show server_version');
  if (started) log(`Postgres ${version} on 127.0.0.1:${ports.postgres}`);
  return { version, major: pg.major };
}
