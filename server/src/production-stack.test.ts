/**
 * The production stack as `npm run stack:start` runs it — its own Postgres, the Temporal cluster built
 * from source (frontend, history, matching and internal worker as separate processes, advanced
 * visibility on Postgres), the Temporal Web UI server, two worker processes and the API with
 * API_PROCESSES=2 — mailing over a real SMTP relay on loopback.
 *
 * 1. A certificate through three levels over HTTP, as people use the app; the Web UI finds it.
 * 2. STACK_TEST_CERTIFICATES (200) certificates in flight; while their second level is being signed a
 *    worker process and the history service are SIGKILLed and restarted. Afterwards each one is done
 *    and consistent: workflow result = read model = ledger = workflow history, every signature once;
 *    the Web UI finds them all by their search attributes.
 *
 * 3. Worker Versioning (before the flood): a certificate in flight stays on the worker version it started on while the
 *    next version's worker, started beside it, takes the new ones.
 *
 * Skipped with a message when the cluster binaries are not in the cache (`npm run stack:ensure` builds
 * them, about 6 minutes on 2 cores; CI builds them first, like Fabric's).
 */
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { assertAccepted, certificateMailContext, certificateWorkflowId, currentLevel, type CertificateDraft } from '@grain/domain';
import { EmbeddedLedger, mailSigningCode, SmtpMailSender } from '@grain/adapters';
import { createStores, openDb, type Db } from '@grain/persistence';
import { certificateWorkflow, signUpdate, stateQuery } from '@grain/workflows';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { ApiSession, CodeMailbox, stackCached, startSmtpRelay, startTestStack, uiCount, uiList } from './stack.test-harness';

const N = Number(process.env.STACK_TEST_CERTIFICATES || 200);
const LANES = 16;
const COMPANY = '00000000-0000-4000-8000-0000000057ac';
/** The flood's own company, so the Web UI's count of its done certificates is the flood's alone. */
const FLOOD_COMPANY = '00000000-0000-4000-8000-0000000057ad';
const COMPANY_NAMES: Record<string, string> = { [COMPANY]: 'Stack Test Grain Co', [FLOOD_COMPANY]: 'Stack Flood Grain Co' };
/** The workflow id the API gives a certificate on submit (company, number, id). */
const wfIdOf = (d: CertificateDraft) => certificateWorkflowId(d, COMPANY_NAMES[d.companyId]);
const cached = stackCached();
if (!cached) {
  console.log(
    '[stack] SKIPPING the production-stack test: the Temporal server, its SQL tool and the Web UI server are not in the cache. Build them once with `npm run stack:ensure` (compiles Temporal 1.29.1 and ui-server 2.42.1 from the Go module proxy, about 6 minutes on 2 cores), then run this test again.',
  );
}
const describeStack = cached ? describe : describe.skip;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeStack('the production stack (npm run stack:start)', () => {
  jest.setTimeout(600_000);
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
  let db: Db;
  let connection: Connection;
  let client: Client;
  let codeMail: SmtpMailSender;
  const mailbox = new CodeMailbox();

  beforeAll(async () => {
    for (const f of ['server/dist/main.js', 'worker/dist/main.js', 'worker/dist/workflow-bundle.js', 'ui/dist/index.html'])
      if (!existsSync(path.resolve(__dirname, '../..', f))) throw new Error(`${f} is missing: run \`npm run build\` first`);
    relay = await startSmtpRelay(mailbox);
    // the codes, mailed as the API mails them (its request-code command)
    codeMail = new SmtpMailSender(relay.url, 'Grain Stack Test <stack@grain.test>', false);
    stack = await startTestStack({ ...process.env, SMTP_URL: relay.url, SEED_DEMO_DATA: 'true', MAIL_FROM: 'Grain Stack Test <stack@grain.test>' });
    console.log(`[stack] up in ${(stack.startMs / 1000).toFixed(1)} s (${stack.dir})`);
    db = await openDb({ databaseUrl: stack.databaseUrl }, { migrate: false });
    connection = await Connection.connect({ address: stack.temporalAddress });
    client = new Client({ connection });
    for (const [id, name] of Object.entries(COMPANY_NAMES)) await db.knex('companies').insert({ id, name }).onConflict('id').ignore();
  });

  afterAll(async () => {
    codeMail?.close();
    await connection?.close();
    await db?.close();
    await stack?.stop();
    await relay?.stop();
  });

  const startCertificate = (d: CertificateDraft) =>
    client.workflow.start(certificateWorkflow, {
      workflowId: wfIdOf(d),
      taskQueue: stack.taskQueue,
      args: [{ certificate: d, submittedBy: { id: d.submitter.id, name: d.submitter.name } }],
    });
  /** Sign attempts repeated, and why the first few failed (printed after the flood). */
  const retries = { count: 0, why: [] as string[] };
  const signedInReadModel = async (d: CertificateDraft, level: number, userId: string) => {
    const row = await db.knex('certificate_levels').where({ certificate_id: d.id, level }).first('signed_ids');
    return ((row?.signed_ids as string[] | undefined) ?? []).includes(userId);
  };
  /**
   * What the API does on "Sign Now" (ask for a code, verify it, sign with it), repeated after a failure
   * unless the signature already landed. The sign's update id is its code's (as a retried sign call with
   * the same verified code would be one Update), so a retry with a new code is a new Update, never the
   * stored outcome of an earlier one.
   */
  const sign = async (d: CertificateDraft, level: number) => {
    const who = d.levels[level - 1].signers[0];
    const actor = { id: who.id, name: who.name };
    const handle = client.workflow.getHandle(wfIdOf(d));
    const failures: string[] = [];
    for (let attempt = 1; ; attempt++) {
      let step = 'requestOtp';
      try {
        const s = await handle.query(stateQuery);
        assertAccepted(s, { type: 'sign', actor, at: new Date().toISOString() });
        const l = currentLevel(s)!;
        const r = await mailSigningCode(
          { otps: createStores(db.knex).otps, mail: codeMail, publicUrl: 'http://localhost' },
          { binding: { certificateId: s.id, level: l.level, userId: who.id, contentHash: s.contentHash }, user: who, ctx: certificateMailContext(s, l.level) },
        );
        step = 'mailbox';
        const code = await mailbox.take(who.email);
        step = 'verify';
        const { otpId } = await createStores(db.knex).otps.verify({ certificateId: d.id, level: r.level, userId: who.id }, code);
        step = 'sign';
        await handle.executeUpdate(signUpdate, { args: [{ actor, otpId }], updateId: `sign-${otpId}` });
        return;
      } catch (e) {
        if (await signedInReadModel(d, level, who.id).catch(() => false)) return;
        retries.count++;
        failures.push(`${step}: ${causes(e)}`);
        if (retries.why.length < 10) retries.why.push(`${d.id} level ${level} attempt ${attempt}: ${failures[failures.length - 1]}`);
        if (attempt >= 30)
          throw new Error(`sign ${d.id} level ${level}, ${attempt} attempts: ${failures.slice(0, 4).join(' | ')} ... ${failures.slice(-2).join(' | ')}`);
        await sleep(Math.min(500 * attempt, 5000));
      }
    }
  };

  test('runs the versions docker-compose.yml names', async () => {
    const compose = readFileSync(path.resolve(__dirname, '../../docker-compose.yml'), 'utf8');
    const { serverVersion } = await connection.workflowService.getSystemInfo({});
    expect(compose).toContain(`image: temporalio/server:${serverVersion}\n`);
    const ui = (await (await fetch(`${stack.uiUrl}/api/v1/settings`)).json()) as { Version: string };
    expect(compose).toContain(`image: temporalio/ui:${ui.Version}\n`);
    expect(compose).toContain(`image: postgres:${stack.postgresVersion.split('.')[0]}-`);
  });

  test('a certificate goes through three levels over HTTP; the Web UI finds it by its search attributes', async () => {
    const user = async (email: string) => (await db.knex('users').where({ email }).first('id')).id as string;
    const demo = (key: string) => `${key}@riverina-grain.example`;
    const manager = await ApiSession.login(stack.appUrl, demo('manager'), 'Manager#2025');
    const companyId = (
      await db
        .knex('users')
        .where({ email: demo('manager') })
        .first('company_id')
    ).company_id as string;
    // Set-up only: a farm record whose grain photo passed the check (the photo flow has its own tests).
    const farm = await createStores(db.knex).farmData.create(companyId, await user(demo('admin')), {
      grainType: 'Barley',
      harvestGrade: 'FEED',
      storageLocation: 'Silo 3',
      quantity: 900,
      protein: 10.8,
      moisture: 11.5,
      productionDate: '2025-11-20',
      dataType: 'Manual',
    });
    await db.knex('farm_data').where({ id: farm._id }).update({ image_validation: 'Verified' });
    const due = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const number = `STACK-${Date.now()}`;
    const created = await manager.call('POST', '/api/company/approval/create', {
      approvalNumber: number,
      approvalName: 'Barley lot on the cluster',
      priority: 'High',
      approvalDoc: { _id: farm._id },
      supportDocs: [],
      approvalLevels: [
        { group: 'Farm Data Signing', signers: [await user(demo('signer1'))], signatures: 1, deadline: due(3) },
        { group: 'Transportation Signing', signers: [await user(demo('signer2'))], signatures: 1, deadline: due(4) },
        { group: 'Inspection Signing', signers: [await user(demo('signer3'))], signatures: 1, deadline: due(5) },
      ],
      status: 'signing',
    });
    expect(created.status).toBe(201);
    const id = created.body.approval._id as string;
    const levels = created.body.approval.approvalLevels.map((l: { _id: string }) => l._id) as string[];
    for (const [i, key] of ['signer1', 'signer2', 'signer3'].entries()) {
      const signer = await ApiSession.login(stack.appUrl, demo(key), `${key[0].toUpperCase()}${key.slice(1)}#2025`);
      const asked = await signer.call('POST', `/api/company/approvallevel/${levels[i]}/code`, {});
      expect([key, asked.status, asked.status === 200 ? '' : asked.body]).toEqual([key, 200, '']);
      const otp = await mailbox.take(demo(key)); // through the SMTP relay (SMTP_URL), as in production
      // the demo signers hold a digital signature, unlocked by its own password (server/src/seed.ts)
      const signaturePassword = `Sign${i + 1}#2025`;
      const signed = await signer.call('POST', `/api/company/approvallevel/${levels[i]}/sign`, {
        approval: id,
        otp,
        note: `ok from ${key}`,
        signaturePassword,
      });
      expect([key, signed.status, signed.status === 200 ? '' : signed.body]).toEqual([key, 200, '']);
    }
    const final = await manager.call('GET', `/api/company/approval/${id}`);
    expect(final.body.approval.status).toBe('done');
    // The PDF comes from a worker process after the last signature.
    let pdf = { status: 0 };
    for (let i = 0; i < 120 && pdf.status !== 200; i++) {
      pdf = await manager.call('GET', `/api/company/approval/${id}?format=pdf`);
      if (pdf.status !== 200) await sleep(500);
    }
    expect(pdf.status).toBe(200);
    const wf = ((await db.knex('certificates').where({ id }).first('state')).state as { workflowId: string }).workflowId;
    expect(wf).toMatch(/^certificate-riverina-grain-co-/);
    const found = await eventually(
      () => uiList(stack.uiUrl, `CertificateNumber="${number}" AND CertificateStatus="done"`),
      (ids) => ids.length === 1,
    );
    expect(found).toEqual([wf]);
  });

  test('a certificate reset to its last workflow task (docs/operations.md) goes on to done with one read model and ledger; a terminated one keeps its last state', async () => {
    const [d, dropped] = [draft(0), draft(1)];
    for (const x of [d, dropped]) await startCertificate(x);
    await sign(d, 1);
    await sign(dropped, 1);
    const wf = wfIdOf(d);
    const firstRun = (await client.workflow.getHandle(wf).describe()).runId;
    // What an operator does for a certificate whose workflow task keeps failing after a bad deploy.
    await run(process.env.TEMPORAL_CLI!, [
      'workflow',
      'reset',
      '--address',
      stack.temporalAddress,
      '--workflow-id',
      wf,
      '--type',
      'LastWorkflowTask',
      '--reason',
      'stack test: repair',
    ]);
    expect((await client.workflow.getHandle(wf).describe()).runId).not.toBe(firstRun);
    await sign(d, 2);
    await sign(d, 3);
    expect((await client.workflow.getHandle(wf).result()).status).toBe('done');
    const rows = await db.knex('certificate_levels').where({ certificate_id: d.id }).orderBy('level');
    expect(rows.map((r) => r.signed_ids)).toEqual(d.levels.map((l) => [l.signers[0].id]));
    expect((await db.knex('certificates').where({ id: d.id }).first('status')).status).toBe('done');
    const blocks = await db.knex('ledger_blocks').where('idempotency_key', 'like', `${wf}:%`).orderBy('block_number');
    expect(blocks.map((b) => b.record_type)).toEqual(['submission', 'signature', 'signature', 'signature', 'completion']);
    expect(await uiList(stack.uiUrl, `WorkflowId="${wf}" AND CertificateStatus="done"`)).toEqual([wf]);

    // Terminated (a certificate nobody will finish): the read model keeps its last state, signed level 1.
    await client.workflow.getHandle(wfIdOf(dropped)).terminate('stack test: dropped');
    const kept = await db.knex('certificates').where({ id: dropped.id }).first('status', 'stage');
    expect(kept).toEqual({ status: 'signing', stage: 2 });
  });

  test('a new worker version takes new certificates; one in flight stays on the version it started on until it is done', async () => {
    const deployment = 'grain-certificates';
    const current = async () =>
      (await connection.workflowService.describeWorkerDeployment({ namespace: 'default', deploymentName: deployment }).catch(() => null))?.workerDeploymentInfo
        ?.routingConfig?.currentDeploymentVersion?.buildId;
    // the stack's workers run the version named by their workflow bundle's hash, and made it current
    const first = await eventually(current, (v) => !!v);
    if (!first) console.log(`[stack] no current version; worker-1 says:\n${readFileSync(path.join(stack.dir, 'logs', 'worker-1.log'), 'utf8').slice(-3000)}`);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    const pinnedTo = async (id: string) => {
      const h = client.workflow.getHandle(id);
      const tasks = new Set(
        ((await h.fetchHistory()).events ?? []).map((e) => e.workflowTaskCompletedEventAttributes?.deploymentVersion?.buildId).filter(Boolean),
      );
      return { tasks: [...tasks], pinned: (await h.describe()).raw.workflowExecutionInfo?.versioningInfo?.deploymentVersion?.buildId };
    };
    const [old, fresh] = [draft(2), draft(3)];
    await startCertificate(old);
    await sign(old, 1);
    // a deploy of the next version: its worker starts beside the running ones and makes itself current
    await stack.restart(['worker-next']);
    expect(await eventually(current, (v) => v === 'next')).toBe('next');
    await startCertificate(fresh);
    await sign(fresh, 1);
    await sign(old, 2);
    await sign(old, 3);
    expect((await client.workflow.getHandle(wfIdOf(old)).result()).status).toBe('done');
    expect(await pinnedTo(wfIdOf(old))).toEqual({ tasks: [first], pinned: first });
    expect(await pinnedTo(wfIdOf(fresh))).toEqual({ tasks: ['next'], pinned: 'next' });
    // (back to the stack's version, so nothing after this test waits for a worker that is gone)
    await connection.workflowService.setWorkerDeploymentCurrentVersion({ namespace: 'default', deploymentName: deployment, buildId: first! });
    await client.workflow.getHandle(wfIdOf(fresh)).terminate('stack test: versions');
    await stack.kill(['worker-next']);
  });

  test(`${N} certificates in flight survive SIGKILL of a worker process and of the history service`, async () => {
    const drafts = Array.from({ length: N }, (_, i) => draft(i, FLOOD_COMPANY));
    const handles = new Map<string, WorkflowHandle<typeof certificateWorkflow>>();
    const t0 = Date.now();
    await pool(drafts, LANES, async (d) => {
      handles.set(d.id, await startCertificate(d));
    });
    await pool(drafts, LANES, (d) => sign(d, 1));
    const level1Ms = Date.now() - t0;

    // Level 2: a quarter in, a worker process and the history service are killed; restarted 3 s later.
    let signed2 = 0;
    const kills: string[] = [];
    let restart: Promise<void> | undefined;
    await pool(drafts, LANES, async (d) => {
      await sign(d, 2);
      if (++signed2 === Math.ceil(N / 4)) {
        const at = signed2; // the other lanes go on signing meanwhile
        await stack.kill(['worker-1', 'temporal-history']);
        kills.push(`worker-1 + temporal-history SIGKILLed after ${at} of ${N} level-2 signatures, ${LANES} signs under way`);
        restart = sleep(3000).then(() => stack.restart(['temporal-history', 'worker-1']));
      }
    });
    await restart;
    await pool(drafts, LANES, (d) => sign(d, 3));
    const outcomes = await Promise.all(drafts.map((d) => handles.get(d.id)!.result()));
    const stored = createStores(db.knex).certificates;
    const results = await Promise.all(drafts.map(async (d) => (await stored.get(d.companyId, d.id))!.state));
    const totalMs = Date.now() - t0;
    console.log(
      `[stack] ${N} certificates: level 1 signed in ${(level1Ms / 1000).toFixed(0)} s, all done in ${(totalMs / 1000).toFixed(0)} s; ${kills.join('; ')}; ${retries.count} sign attempts repeated`,
    );
    if (retries.why.length) console.log(`[stack] why the first repeated signs failed:\n${retries.why.join('\n')}`);
    expect(kills).toHaveLength(1);
    expect(outcomes.map((r) => r.status)).toEqual(drafts.map(() => 'done'));
    expect(results.map((r, i) => r.version >= outcomes[i].version)).toEqual(drafts.map(() => true));

    // Read model: each certificate done with exactly its three signers, one per level.
    const ids = drafts.map((d) => d.id);
    const expected = (d: CertificateDraft) => d.levels.map((l) => [l.signers[0].id]);
    const rows = await db.knex('certificate_levels').whereIn('certificate_id', ids).orderBy(['certificate_id', 'level']);
    const byCert = new Map<string, string[][]>();
    for (const r of rows) byCert.set(r.certificate_id, [...(byCert.get(r.certificate_id) ?? []), r.signed_ids]);
    expect(drafts.filter((d) => JSON.stringify(byCert.get(d.id)) !== JSON.stringify(expected(d))).map((d) => [d.id, byCert.get(d.id)])).toEqual([]);
    const done = await db.knex('certificates').whereIn('id', ids).where({ status: 'done' }).whereNotNull('pdf_key').count({ n: '*' });
    expect(Number(done[0].n)).toBe(N);
    expect(results.filter((r, i) => JSON.stringify(r.levels.map((l) => l.signed.map((s) => s.userId))) !== JSON.stringify(expected(drafts[i])))).toEqual([]);

    // Ledger: per certificate one submission, three signatures, one completion; no key twice; the chain verifies.
    const mine = new Set(drafts.map((d) => wfIdOf(d)));
    const blocks = (await db.knex('ledger_blocks').where('idempotency_key', 'like', 'certificate-s%').orderBy('block_number')).filter((b) =>
      mine.has((b.idempotency_key as string).split(':')[0]),
    );
    const ledger = new Map<string, string[]>();
    for (const b of blocks) {
      const wf = (b.idempotency_key as string).split(':')[0];
      ledger.set(wf, [...(ledger.get(wf) ?? []), b.record_type]);
    }
    const keys = blocks.map((b) => b.idempotency_key as string);
    expect(new Set(keys).size).toBe(keys.length);
    const wrongLedger = drafts.filter(
      (d) => JSON.stringify(ledger.get(wfIdOf(d))) !== JSON.stringify(['submission', 'signature', 'signature', 'signature', 'completion']),
    );
    expect(wrongLedger.map((d) => [d.id, ledger.get(wfIdOf(d))])).toEqual([]);
    expect(results.flatMap((r) => r.levels.flatMap((l) => l.signed.map((s) => s.txId))).sort()).toEqual(
      blocks
        .filter((b) => b.record_type === 'signature')
        .map((b) => b.tx_id)
        .sort(),
    );
    expect(await new EmbeddedLedger(createStores(db.knex).ledgerBlocks).verify()).toMatchObject({ ok: true });
    const redeemed = await db.knex('certificate_otps').whereIn('certificate_id', ids).whereNotNull('redeemed_at').count({ n: '*' });
    expect(Number(redeemed[0].n)).toBe(3 * N);

    // Workflow histories: three sign Updates accepted and completed once each, by the expected signers.
    let redone = 0;
    const wrongHistory: string[] = [];
    await pool(drafts, LANES, async (d) => {
      const events = (await handles.get(d.id)!.fetchHistory()).events ?? [];
      const accepted = events.map((e) => e.workflowExecutionUpdateAcceptedEventAttributes).filter((a) => a?.acceptedRequest?.input?.name === 'sign');
      const completed = events.map((e) => e.workflowExecutionUpdateCompletedEventAttributes?.meta?.updateId).filter(Boolean);
      const signers = accepted.map((a) => JSON.parse(Buffer.from(a!.acceptedRequest!.input!.args!.payloads![0].data!).toString()).actor.id);
      const ok =
        JSON.stringify(signers) === JSON.stringify(expected(d).flat()) &&
        accepted.every((a) => completed.filter((c) => c === a!.protocolInstanceId).length === 1);
      if (!ok) wrongHistory.push(`${d.id}: signers ${signers}, completed ${completed.length}`);
      redone += events.filter(
        (e) => e.workflowTaskTimedOutEventAttributes || e.activityTaskTimedOutEventAttributes || (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1,
      ).length;
    });
    expect(wrongHistory).toEqual([]);
    console.log(`[stack] work timed out or retried after the kills: ${redone} history events`);

    // The Web UI: the filtered count of the company's done certificates, and single ones by number.
    const query = `CompanyId="${FLOOD_COMPANY}" AND CertificateStatus="done"`;
    expect(
      await eventually(
        () => uiCount(stack.uiUrl, query),
        (n) => n === N,
      ),
    ).toBe(N);
    expect((await uiList(stack.uiUrl, query)).sort()).toEqual(drafts.map((d) => wfIdOf(d)).sort());
    for (const d of [drafts[0], drafts[Math.floor(N / 2)], drafts[N - 1]])
      expect(await uiList(stack.uiUrl, `CertificateNumber="${d.approvalNumber}" AND CurrentLevel=3`)).toEqual([wfIdOf(d)]);
  });
});

let seq = 0;
/** A 3-level chain, one signature each, its own signers (so codes never mix between certificates). */
function draft(i: number, companyId = COMPANY): CertificateDraft {
  const id = `s${Date.now().toString(36)}${(seq++).toString(36)}`;
  const person = (p: string) => ({ id: `${id}-${p}`, name: `Signer ${p}`, email: `${id}-${p}@stack.test`, role: 'Inspector' });
  const due = (n: number) => new Date(Date.now() + 7 * 86_400_000 + n * 1000).toISOString();
  return {
    id,
    approvalNumber: `STACK-${id}`,
    approvalName: `Wheat lot ${i}`,
    companyId,
    submitter: { id: 'stack-sub', name: 'Stack Submitter', email: 'sub@stack.test' },
    approvalDoc: {
      id: '00000000-0000-4000-8000-00000000f001',
      name: 'Farm record',
      docType: 'certificate',
      farm: { storageLocation: 'Silo 9', protein: 11.2 },
    },
    levels: ['a', 'b', 'c'].map((p, n) => ({ group: `Level ${n + 1}`, signers: [person(`${p}1`), person(`${p}2`)], signatures: 1, deadline: due(n) })),
    escalateTo: [],
  };
}

async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

/** An error's message with its causes (a Temporal Update failure says why only in its cause). */
function causes(e: unknown): string {
  const parts: string[] = [];
  for (let c = e as { message?: string; cause?: unknown } | undefined; c && parts.length < 5; c = c.cause as typeof c) parts.push(c.message ?? String(c));
  return parts.join(' <- ');
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await sleep(500);
  }
}
