import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createTestDb } from '@grain/persistence/testing';
import { startServer, type RunningServer } from './server';

/** The whole system in one process on embedded defaults, against the test run's Temporal dev server. */
describe('startServer (embedded defaults)', () => {
  let s: RunningServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grain-server-'));
  beforeAll(async () => {
    s = await startServer({
      env: {
        PORT: '0',
        SMTP_CATCHER_PORT: '0',
        DATA_DIR: dataDir,
        TEMPORAL_ADDRESS: process.env.TEMPORAL_TEST_ADDRESS,
        TEMPORAL_TASK_QUEUE: `server-test-${Date.now()}`,
        SEED_DEMO_DATA: 'true',
      },
      db: await createTestDb(),
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await s?.stop();
    await s?.db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in over HTTP; the session cookie. */
  async function signIn(who: { email: string; password: string }): Promise<string> {
    const res = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: s.url },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  it('reports every component in /api/health, embedded or real', async () => {
    let body: any;
    // The worker's pollers show up on the task queue a moment after it starts.
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${s.url}/api/health`);
      body = await res.json();
      if (res.status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(body.ok).toBe(true);
    const c = body.components;
    for (const name of ['database', 'temporal', 'worker', 'mail', 'ledger', 'pdf', 'storage']) {
      expect(c[name]).toMatchObject({ ok: true, kind: expect.stringMatching(/^(embedded|real)$/) });
    }
    expect(c.mail.kind).toBe('embedded');
    expect(c.ledger.kind).toBe('embedded');
    expect(c.worker.detail).toMatch(/[1-9]\d* poller/);
  });

  it('answers /api/health at once while other work holds every database connection, saying the database is busy', async () => {
    const max = (s.db.knex.client as { pool: { max: number } }).pool.max;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding = 0;
    let allHeld!: () => void;
    const held = new Promise<void>((r) => (allHeld = r));
    let done = false;
    // What a CSV import does to the embedded database's one connection: a transaction that keeps it.
    const holders = Promise.all(
      Array.from({ length: max }, () =>
        s.db.knex.transaction(async (trx) => {
          await trx.raw('select 1');
          if (++holding === max) allHeld();
          await released;
        }),
      ),
    ).then(() => (done = true));
    await held;
    try {
      const res = await fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { ok: boolean; components: Record<string, { ok: boolean; detail: string }> };
      expect(done).toBe(false); // answered while the connections were still held
      expect(res.status).toBe(200);
      expect(body.components.database).toMatchObject({
        ok: true,
        detail: expect.stringMatching(/busy for \d+\.\d s \(last statement \d+ ms ago, \d+ waiting\)/),
      });
      expect(body.components.ledger.ok).toBe(true);
    } finally {
      release();
      await holders;
    }
    const after = (await (await fetch(`${s.url}/api/health`)).json()) as { components: Record<string, { detail: string }> };
    expect(after.components.database.detail).toMatch(/answered in \d+\.\d ms/);
  });

  it('serves the dev mailbox of the embedded SMTP catcher to a signed-in admin', async () => {
    const admin = s.demoLogins!.find((l) => l.role === 'admin')!;
    const staff = s.demoLogins!.find((l) => l.role !== 'admin')!;
    await s.adapters.mail.send({ to: staff.email, subject: 'health check mail', text: 'hello' });
    expect((await fetch(`${s.url}/api/dev/mail?to=${encodeURIComponent(staff.email)}`)).status).toBe(401);
    const cookie = await signIn(admin);
    let messages: Array<{ subject: string }> = [];
    for (let i = 0; i < 20 && messages.length === 0; i++) {
      messages = ((await (await fetch(`${s.url}/api/dev/mail?to=${encodeURIComponent(staff.email)}`, { headers: { Cookie: cookie } })).json()) as any).messages;
      if (!messages.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(messages[0].subject).toBe('health check mail');
    const page = await (await fetch(`${s.url}/dev/mailbox`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('health check mail');
    expect(await (await fetch(`${s.url}/dev/mailbox`)).text()).not.toContain('health check mail');
  });

  it('listens on loopback only unless HOST says otherwise', async () => {
    expect(s.address).toBe('127.0.0.1');
    // From another of this machine's addresses the port is closed.
    const other = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    if (other) {
      const refused = await new Promise<boolean>((resolve) => {
        const c = connect({ host: other.address, port: s.port });
        c.once('connect', () => {
          c.destroy();
          resolve(false);
        });
        c.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${s.url}/api/no/such/call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

/**
 * `npm start` on a ./data holding a certificate started by an earlier version of the workflow code: the
 * start-up replays the running workflows and refuses with what to do, instead of a certificate that
 * silently never moves again.
 */
describe('startServer on Temporal history an earlier workflow version left', () => {
  const taskQueue = `server-stale-${Date.now()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grain-stale-'));
  const env = {
    PORT: '0',
    SMTP_CATCHER_PORT: '0',
    DATA_DIR: dataDir,
    TEMPORAL_ADDRESS: process.env.TEMPORAL_TEST_ADDRESS,
    TEMPORAL_TASK_QUEUE: taskQueue,
    SEED_DEMO_DATA: 'false',
    GRAIN_TEMPORAL_EMBEDDED: '1',
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start, naming the run and the two ways out (finish or reset); starts once none is left', async () => {
    const connection = await Connection.connect({ address: process.env.TEMPORAL_TEST_ADDRESS! });
    const client = new Client({ connection });
    const db = await createTestDb();
    try {
      // a run of the "earlier version", on the task queue the server will use
      const old = await NativeConnection.connect({ address: process.env.TEMPORAL_TEST_ADDRESS! });
      const worker = await Worker.create({
        connection: old,
        taskQueue,
        workflowsPath: require.resolve('@grain/worker/src/testing/stale-certificate-workflow.ts'),
      });
      const workflowId = `certificate-stale-${Date.now()}`;
      await worker.runUntil(async () => {
        const handle = await client.workflow.start('certificateWorkflow', { workflowId, taskQueue, args: [{}] });
        // its first workflow task is done (the timer started): the history holds the old version's commands
        for (let i = 0; i < 100 && !(await handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes); i++)
          await new Promise((r) => setTimeout(r, 100));
      });
      await old.close();
      for (let i = 0; i < 100; i++) {
        const n = await client.workflow.count(`TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Running'`);
        if (n.count === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }

      const refused = await startServer({ env, db, log: () => undefined }).then(
        (s) => s.stop().then(() => 'started'),
        (e: Error) => e.message,
      );
      expect(refused).toContain(workflowId);
      expect(refused).toMatch(/earlier version of the workflow code and cannot continue/);
      expect(refused).toMatch(/finish them: check out the commit that started them/);
      expect(refused).toContain(`reset: stop, delete ${dataDir}`);

      // finished (here: terminated), the same data starts
      await client.workflow.getHandle(workflowId).terminate('finished by hand');
      for (let i = 0; i < 100 && (await client.workflow.count(`TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Running'`)).count > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      const s = await startServer({ env, db, log: () => undefined });
      await s.stop();
    } finally {
      await db.close();
      await connection.close();
    }
  }, 120_000);
});
