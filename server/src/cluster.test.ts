import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresTestDb, startThrowawayPostgres } from '@grain/worker/dist/certificate-test-harness';
import { apiProcessCount } from './cluster';

/**
 * API_PROCESSES=2: `node server/dist/main.js` as a primary with two API processes sharing one port,
 * on Postgres (a throwaway server unless DATABASE_URL is set) and the test run's Temporal dev server.
 */
const MAIN = path.resolve(__dirname, '../dist/main.js');
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(d)] : [];
      } catch {
        return [];
      }
    });
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
async function until<T>(what: string, f: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('apiProcessCount', () => {
  const pg = { DATABASE_URL: 'postgres://x@127.0.0.1:5432/db', CA_KEY_SECRET: 'cluster-test-ca-key-secret' };
  it('is 1 unless API_PROCESSES says more, and more only for the API-only topology on Postgres', () => {
    expect(apiProcessCount({})).toBe(1);
    expect(apiProcessCount({ API_PROCESSES: '1' })).toBe(1);
    expect(apiProcessCount({ ...pg, API_PROCESSES: '3', WORKER_IN_PROCESS: 'false' })).toBe(3);
    expect(() => apiProcessCount({ API_PROCESSES: 'two' })).toThrow(/API_PROCESSES/);
    expect(() => apiProcessCount({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
    expect(() => apiProcessCount({ API_PROCESSES: '2' })).toThrow(/DATABASE_URL/);
    expect(() => apiProcessCount({ ...pg, API_PROCESSES: '2', WORKER_IN_PROCESS: 'true' })).toThrow(/WORKER_IN_PROCESS/);
  });
});

describe('API_PROCESSES=2 (node:cluster)', () => {
  let pg: { url: string; stop(): Promise<void> } | undefined;
  let db: { close(): Promise<void> };
  let server: ChildProcess;
  let out = '';
  let base: string;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-cluster-'));

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npx tsc -b)`);
    const created = await createPostgresTestDb(process.env.DATABASE_URL ?? (pg = await startThrowawayPostgres()).url);
    db = created.db;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        API_PROCESSES: '2',
        WORKER_IN_PROCESS: 'false',
        DATABASE_URL: created.url,
        CA_KEY_SECRET: process.env.CA_KEY_SECRET || 'cluster-test-ca-key-secret',
        PORT: String(port),
        PUBLIC_URL: base,
        TEMPORAL_ADDRESS: process.env.TEMPORAL_TEST_ADDRESS,
        SMTP_CATCHER_PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (out += String(d)));
    server.stderr!.on('data', (d) => (out += String(d)));
    await until('the app line', () => out.includes('app ') || (server.exitCode !== null ? Promise.reject(new Error(out)) : undefined), 60_000);
  }, 120_000);
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await db?.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the port from two processes that each check the session in the database on every request', async () => {
    expect(out).toContain('(2 API processes)');
    const workers = await until('two API processes', () => (childrenOf(server.pid!).length === 2 ? childrenOf(server.pid!) : undefined));
    expect(workers).toHaveLength(2);
    // The demo seed ran once, in the primary, which printed its logins; they work on the shared database.
    const [, email, password] = /manager\s+(\S+) \/ (\S+)/.exec(out)!;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('grain_sid='))!;
    // New connections are spread over the processes; every one of them accepts the session ...
    for (let i = 0; i < 8; i++) expect((await fetch(`${base}/api/company/approvals`, { headers: { cookie, connection: 'close' } })).status).toBe(200);
    // ... and after sign-out none of them does (no process keeps a session of its own).
    expect((await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: base, connection: 'close' } })).status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await fetch(`${base}/api/company/approvals`, { headers: { cookie, connection: 'close' } })).status).toBe(401);
  });

  it('replaces an API process that dies, and stops them all on SIGTERM', async () => {
    const [first] = childrenOf(server.pid!);
    process.kill(first!, 'SIGKILL');
    await until('a replacement process', () => {
      const now = childrenOf(server.pid!);
      return now.length === 2 && !now.includes(first!) ? true : undefined;
    });
    // A connection refused while the replacement starts counts as "not yet" (seen once in CI under a load of 10+)
    await until('answers after the replacement', async () =>
      (await fetch(`${base}/api/auth/login`, { headers: { connection: 'close' } }).catch(() => null))?.status === 200 ? true : undefined,
    );
    const workers = childrenOf(server.pid!);
    const exited = new Promise<number | null>((r) => server.once('exit', (c) => r(c)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers.filter((p) => existsSync(`/proc/${p}`))).toEqual([]);
  }, 60_000);
});
