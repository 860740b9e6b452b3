/**
 * What the production-stack test needs around `npm run stack:start`: the stack itself (started by the
 * real script in a temp dir on ports of its own, stopped and removed afterwards), a real SMTP relay on
 * loopback that keeps the signing codes, an HTTP session against the API as a browser makes it, and the
 * Temporal Web UI server's own HTTP API.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SmtpCatcher } from '@grain/adapters';
import { freePortRange } from '@grain/adapters/testing';
import type { MailStore } from '@grain/persistence';

const ROOT = path.resolve(__dirname, '../..');
const script = (name: string) => path.join(ROOT, 'scripts', name);
const run = promisify(execFile);

/** True when the cluster binaries and the Temporal CLI are in the cache (`npm run stack:ensure`, `npm install`). */
export function stackCached(): boolean {
  const server = spawnSync(process.execPath, [script('ensure-temporal-server.mjs'), '--find'], { stdio: 'ignore' });
  const cli = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import(${JSON.stringify(script('ensure-temporal.mjs'))}); process.exit(m.findTemporal() ? 0 : 1);`],
    {
      stdio: 'ignore',
    },
  );
  return server.status === 0 && cli.status === 0;
}

export interface RunningStack {
  dir: string;
  appUrl: string;
  uiUrl: string;
  temporalAddress: string;
  databaseUrl: string;
  taskQueue: string;
  postgresVersion: string;
  ports: { workerMetrics: number[]; metrics: Record<string, number> };
}

/** The in-memory side of the SMTP relay: the newest signing code per recipient. */
export class CodeMailbox {
  private codes = new Map<string, string>();
  count = 0;
  async add(m: { to: string[]; subject?: string | null; text?: string | null }): Promise<number> {
    this.count++;
    const code = /code .* is (\d{6})\./.exec(m.text ?? '')?.[1];
    if (code && /^Signing code/.test(m.subject ?? '')) for (const to of m.to) this.codes.set(to.toLowerCase(), code);
    return this.count;
  }
  /** The code mailed to `email`, waiting up to `ms` for it; taken, so a stale one is never reused. */
  async take(email: string, ms = 30_000): Promise<string> {
    const until = Date.now() + ms;
    for (;;) {
      const c = this.codes.get(email.toLowerCase());
      if (c) {
        this.codes.delete(email.toLowerCase());
        return c;
      }
      if (Date.now() > until) throw new Error(`no signing code mailed to ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export async function startSmtpRelay(mailbox: CodeMailbox): Promise<{ url: string; stop(): Promise<void> }> {
  const catcher = new SmtpCatcher(mailbox as unknown as MailStore);
  const port = await catcher.start(0);
  return { url: `smtp://127.0.0.1:${port}`, stop: () => catcher.stop() };
}

/** `npm run stack:start` in a temp dir; stopped with `stop()`, and by its watchdog if this process dies. */
export async function startTestStack(
  env: NodeJS.ProcessEnv,
): Promise<RunningStack & { startMs: number; stop(): Promise<void>; restart(only: string[]): Promise<void>; kill(only: string[]): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-stack-'));
  const base = await freePortRange(19);
  const opts = { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 };
  const t0 = Date.now();
  let stdout: string;
  try {
    ({ stdout } = await run(
      process.execPath,
      [script('stack-start.mjs'), `--dir=${dir}`, `--base-port=${base}`, `--owner-pid=${process.pid}`, '--no-build', '--json'],
      opts,
    ));
  } catch (e) {
    await run(process.execPath, [script('stack-stop.mjs'), `--dir=${dir}`, '--clean']).catch(() => undefined);
    throw new Error(`stack:start failed: ${(e as { stderr?: string }).stderr ?? (e as Error).message}`);
  }
  const s = JSON.parse(stdout) as RunningStack;
  const stopArgs = (only: string[], extra: string[] = []) => [script('stack-stop.mjs'), `--dir=${dir}`, `--only=${only.join(',')}`, ...extra];
  return {
    ...s,
    startMs: Date.now() - t0,
    stop: async () => {
      await run(process.execPath, [script('stack-stop.mjs'), `--dir=${dir}`, '--clean']);
    },
    /** SIGKILL, as a crash or an OOM kill would end them. */
    kill: async (only) => {
      await run(process.execPath, stopArgs(only, ['--signal=SIGKILL']));
    },
    restart: async (only) => {
      await run(process.execPath, [script('stack-start.mjs'), `--dir=${dir}`, `--only=${only.join(',')}`, '--no-build', '--json'], opts);
    },
  };
}

/** A browser-like session on the API: a cookie jar and the Origin the cross-site guard asks for. */
export class ApiSession {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  static async login(base: string, email: string, password: string): Promise<ApiSession> {
    const s = new ApiSession(base);
    const r = await s.call('POST', '/api/auth/login', { email, password });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    return s;
  }
  async call(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(this.base + p, {
      method,
      headers: {
        Origin: this.base,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      this.cookies.set(kv.slice(0, i), kv.slice(i + 1));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  }
}

/** The workflows the Temporal Web UI lists for a visibility query (its own HTTP API, as the page calls it). */
export async function uiList(uiUrl: string, query: string): Promise<string[]> {
  const ids: string[] = [];
  let token = '';
  do {
    const u = new URL(`${uiUrl}/api/v1/namespaces/default/workflows`);
    u.searchParams.set('query', query);
    u.searchParams.set('pageSize', '1000');
    if (token) u.searchParams.set('nextPageToken', token);
    const r = await fetch(u);
    if (!r.ok) throw new Error(`Web UI ${u}: ${r.status} ${await r.text()}`);
    const j = (await r.json()) as { executions?: Array<{ execution?: { workflowId?: string } }>; nextPageToken?: string };
    ids.push(...(j.executions ?? []).map((e) => e.execution?.workflowId ?? ''));
    token = j.nextPageToken ?? '';
  } while (token);
  return ids;
}

/** The `count` the Web UI shows above a filtered list. */
export async function uiCount(uiUrl: string, query: string): Promise<number> {
  const u = new URL(`${uiUrl}/api/v1/namespaces/default/workflow-count`);
  u.searchParams.set('query', query);
  const r = await fetch(u);
  if (!r.ok) throw new Error(`Web UI ${u}: ${r.status} ${await r.text()}`);
  return Number(((await r.json()) as { count?: string }).count ?? 0);
}
