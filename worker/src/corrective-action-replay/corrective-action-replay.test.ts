/**
 * The corrective-action workflow's recorded history replays on today's code (a change that would break
 * running actions fails here). The fixture is a real run: this file's second test drives one action
 * through every step on the dev server with a real worker and database (reminder, overdue, escalation,
 * start, fix, reopen, fix, verify) and replays its history too. To record the fixture again after a
 * deliberate change of the workflow (before the first release nothing in flight is kept: see
 * docs/CONTRIBUTING.md), run
 *   RECORD_ACTION_HISTORY=1 npm test -- worker/src/corrective-action-replay
 * and commit fixtures/corrective-action-history.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { buildAdapters, closeAdapters, loadConfig, SmtpCatcher } from '@grain/adapters';
import { correctiveActionWorkflowId, createCorrectiveAction, type CorrectiveActionState } from '@grain/domain';
import { createStores } from '@grain/persistence';
import { createTestCompany, createTestDb, createTestUser } from '@grain/persistence/testing';
import {
  CORRECTIVE_ACTION_WORKFLOW_TYPE,
  reopenActionUpdate,
  startActionUpdate,
  submitFixUpdate,
  verifyActionUpdate,
  type CorrectiveActionWorkflowInput,
} from '@grain/workflows';
import { createWorker, WORKFLOWS_MODULE } from '../create-worker';
import { installTemporalRuntime } from '../runtime';

installTemporalRuntime();

const FIXTURE = path.join(__dirname, 'fixtures', 'corrective-action-history.json');

const eventTypes = (h: temporal.api.history.v1.IHistory) =>
  (h.events ?? []).map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? (e.timerStartedEventAttributes ? 'timer' : null)).filter(Boolean);

test('the recorded corrective-action history replays on today’s workflow', async () => {
  const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(FIXTURE, 'utf8')));
  // the fixture is a whole life: timers, the read model after every step, mails
  expect(eventTypes(history)).toEqual(expect.arrayContaining(['saveCorrectiveAction', 'mailCorrectiveAction', 'timer']));
  expect(history.events?.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'verify')).toBe(true);
  await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history)).resolves.toBeUndefined();
}, 60_000);

test('a fresh run through every step replays (and is the fixture when RECORD_ACTION_HISTORY=1)', async () => {
  const address = process.env.TEMPORAL_TEST_ADDRESS!;
  const taskQueue = `corrective-action-replay-${randomUUID()}`;
  const db = await createTestDb();
  const stores = createStores(db.knex);
  const catcher = new SmtpCatcher(stores.mail);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-action-replay-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv), taskQueue };
  const adapters = buildAdapters(config, stores, { smtpCatcherPort: await catcher.start(0) });
  const { worker, connection: workerConnection } = await createWorker({
    address,
    taskQueue,
    deps: { config, stores, adapters },
    workflowsPath: WORKFLOWS_MODULE,
  });
  const running = worker.run();
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  try {
    const company = await createTestCompany(stores, 'Replay Farm Co');
    const boss = await createTestUser(stores, company.id, 'admin', { firstname: 'Mia', lastname: 'Manager' });
    const owner = await createTestUser(stores, company.id, 'admin', { firstname: 'Olive', lastname: 'Owner' });
    const judge = await createTestUser(stores, company.id, 'admin', { firstname: 'Vic', lastname: 'Verifier' });
    const complianceId = randomUUID();
    await stores.compliance.ensure(complianceId, { companyId: company.id, userId: boss.id });
    const person = (u: { id: string; firstname: string; lastname: string }) => ({ id: u.id, name: `${u.firstname} ${u.lastname}` });
    const now = Date.now();
    const { state, effects } = createCorrectiveAction({
      id: randomUUID(),
      companyId: company.id,
      farm: { key: 'replay farm', name: 'Replay Farm' },
      finding: {
        complianceId,
        checkIndex: 2,
        check: 'HACCP plan: critical limits',
        result: 'Non-Compliant',
        requirement: 'Codex CXC 1-1969 principle 3',
        evidence: 'Critical limits: grain should be kept dry.',
        recommendations: 'State measurable limits.',
        policyRef: 'Codex CXC 1-1969',
        flagged: false,
      },
      severity: 'critical',
      owner: person(owner),
      createdBy: person(boss),
      at: new Date(now).toISOString(),
      dueAt: new Date(now + 3000).toISOString(),
      timing: { reminderOffsetsMs: [1500], escalateAfterMs: 1500 },
    });
    await stores.correctiveActions.insertNew(state);
    const handle = await client.workflow.start(CORRECTIVE_ACTION_WORKFLOW_TYPE, {
      workflowId: correctiveActionWorkflowId(state),
      taskQueue,
      args: [{ state, effects } satisfies CorrectiveActionWorkflowInput],
    });
    const read = () => stores.correctiveActions.byId(company.id, state.id) as Promise<CorrectiveActionState>;
    for (let i = 0; i < 200 && !(await read()).escalated; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await read()).toMatchObject({ overdue: true, escalated: true });
    const evidence = [{ id: randomUUID(), fileName: 'plan.pdf', mime: 'application/pdf', size: 10, sha256: 'a'.repeat(64) }];
    await handle.executeUpdate(startActionUpdate, { args: [{ actor: person(owner) }] });
    await handle.executeUpdate(submitFixUpdate, { args: [{ actor: person(owner), note: 'Limits written down', evidence }] });
    await expect(handle.executeUpdate(verifyActionUpdate, { args: [{ actor: person(owner) }] })).rejects.toThrow(); // the owner cannot judge
    await handle.executeUpdate(reopenActionUpdate, { args: [{ actor: person(judge), reason: 'No units' }] });
    await handle.executeUpdate(submitFixUpdate, { args: [{ actor: person(owner), note: 'Units added', evidence: [{ ...evidence[0], id: randomUUID() }] }] });
    await handle.executeUpdate(verifyActionUpdate, { args: [{ actor: person(judge) }] });
    expect((await handle.result()).status).toBe('verified');
    expect((await read()).audit.map((a) => a.event)).toEqual([
      'created',
      'reminded',
      'overdue',
      'escalated',
      'started',
      'fixSubmitted',
      'reopened',
      'fixSubmitted',
      'verified',
    ]);

    const history = await handle.fetchHistory();
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history)).resolves.toBeUndefined();
    if (process.env.RECORD_ACTION_HISTORY === '1') writeFileSync(FIXTURE, `${JSON.stringify(history, null, 1)}\n`);
  } finally {
    worker.shutdown();
    await running.catch(() => undefined);
    await workerConnection.close();
    await connection.close();
    await catcher.stop();
    await closeAdapters(adapters);
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
