/**
 * Corrective actions end to end over real HTTP: a real worker (dev server, own task queue) runs the
 * compliance workflow with the embedded rule-based auditor and the corrective-action workflows, the
 * database is fresh, mails go through real SMTP on loopback. An audit finds deficiencies; findings
 * become actions; one action goes reminder -> overdue -> escalation (seconds, through
 * ACTION_REMINDER_OFFSETS_MS / ACTION_ESCALATE_AFTER_MS and a due time seconds ahead) -> fix -> reopen
 * -> fix -> verified; a re-audit of the same farm shows the check fixed; the report PDF lists the
 * actions. Refusals (permissions, another company, bad input) are clear 4xx in en and vn and change
 * nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { createWorker } from '@grain/worker';
import { COMPLIANCE_KINDS, correctiveActionWorkflowId, message, type ComplianceDocumentType } from '@grain/domain';
import { extractText } from '@grain/adapters';
import { buildDocx, compliantSamples, deficientSamples, samplePng } from '@grain/adapters/testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type SeededCompany } from '../testing/session';
import { listen } from '../http/listen';

const taskQueue = `corrective-actions-test-${randomUUID()}`;
const REMIND_BEFORE_MS = 4000;
const ESCALATE_AFTER_MS = 3000;
let t: TestApp;
let server: Server;
let base: string;
let worker: Worker;
let workerRun: Promise<void>;
let native: NativeConnection;
let acme: SeededCompany;
type Who = { cookie: string; id: string; email: string };
const who: Record<'manager' | 'staff' | 'signer' | 'admin' | 'outsider', Who> = {} as never;

async function login(u: { id: string; email: string }): Promise<Who> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
    body: JSON.stringify({ email: u.email, password: TEST_PASSWORD }),
  });
  expect(r.status).toBe(200);
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, ...u };
}
const call = (w: Who, p: string, init: RequestInit & { json?: unknown; lang?: 'en' | 'vn' } = {}) =>
  fetch(`${base}${p}`, {
    ...init,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    headers: {
      Origin: TEST_ORIGIN,
      Cookie: w.cookie,
      ...(init.lang ? { 'x-lang': init.lang } : {}),
      ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as object),
    },
  });
const json = async (r: Response): Promise<any> => r.json();

beforeAll(async () => {
  t = await createTestApp({
    TEMPORAL_TASK_QUEUE: taskQueue,
    ACTION_REMINDER_OFFSETS_MS: String(REMIND_BEFORE_MS),
    ACTION_ESCALATE_AFTER_MS: String(ESCALATE_AFTER_MS),
  });
  acme = await seedCompanyWithUsers(t.db.knex, 'Dry Creek', ['admin', 'manager', 'staff', 'signer']);
  const other = await seedCompanyWithUsers(t.db.knex, 'Other Farm', ['admin', 'staff']);
  ({ worker, connection: native } = await createWorker({
    address: process.env.TEMPORAL_TEST_ADDRESS!,
    taskQueue,
    workflowsPath: require.resolve('@grain/workflows/src/index.ts'),
    deps: { config: t.deps.config, stores: t.deps.stores, adapters: t.deps.adapters },
  }));
  workerRun = worker.run();
  server = await listen(t.app, 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const r of ['manager', 'staff', 'signer', 'admin'] as const) who[r] = await login(acme.users[r]);
  who.outsider = await login(other.users.admin);
  (who as any).outsiderStaff = await login(other.users.staff);
}, 180_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  worker?.shutdown();
  await workerRun;
  await native?.close();
  await t?.close();
});

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A submission of four documents (docx), audited by the embedded auditor; answers its id once audited. */
async function audit(samples: Record<ComplianceDocumentType, string[]>): Promise<string> {
  const id: string = (await json(await call(who.manager, '/api/compliance/create'))).applicant_id;
  for (const k of COMPLIANCE_KINDS) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildDocx(samples[k.documentType]))]), `${k.segment}.docx`);
    expect((await call(who.manager, `/openai/${k.segment}/${id}/upload`, { method: 'POST', body: form })).status).toBe(202);
  }
  const c = await until('the four documents', async () => {
    const d = (await json(await call(who.manager, `/api/compliance/${id}`))).compliance;
    return d.establishmentData && d.haccpPlanData && d.pestControlData && d.managementPlanData ? d : null;
  });
  const body = {
    application_id: id,
    ...Object.fromEntries(['establishmentData', 'haccpPlanData', 'pestControlData', 'managementPlanData'].map((k) => [k, c[k]])),
  };
  expect((await call(who.manager, `/api/compliance/${id}/getaudit`, { method: 'POST', json: body })).status).toBe(202);
  await until('the audit', async () => (await json(await call(who.manager, `/api/compliance/${id}`))).compliance.status === 'audited');
  return id;
}

const mailsTo = (w: Who, subject: RegExp) => t.mailbox.list({ to: w.email }).then((l) => l.filter((m) => subject.test(m.subject ?? '')));
const evidenceRows = async () => Number((await t.db.knex('corrective_action_evidence').count({ n: '*' }))[0].n);
const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
async function upload(w: Who, actionId: string, data: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return call(w, `/api/corrective-actions/${actionId}/evidence`, { method: 'POST', body: form });
}

it('audit -> findings -> actions; one action through reminder, overdue, escalation, fix, reopen, fix, verified; a re-audit shows it fixed', async () => {
  // ---- an audit with findings
  const first = await audit(deficientSamples(new Date()));
  const loop0 = await json(await call(who.manager, `/api/corrective-actions/audit/${first}`));
  expect(loop0.farm).toEqual({ key: 'dry creek farm', name: 'Dry Creek Farm' });
  const findings = loop0.checks.filter((c: any) => c.result === 'Non-Compliant');
  expect(findings.length).toBeGreaterThan(3);
  expect(loop0.checks.every((c: any) => c.action === null)).toBe(true);
  // the action is about a HACCP check that the re-audit below (a complete HACCP plan) finds compliant
  const target = findings.find((c: any) => /haccp/i.test(c.check) && /critical limits/i.test(c.check)) ?? findings.find((c: any) => /haccp/i.test(c.check));
  expect(target).toBeDefined();

  // ---- refusals that change nothing
  const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
  const item = (extra: object = {}) => ({
    complianceId: first,
    items: [{ checkIndex: target.index, severity: 'critical', ownerId: who.staff.id, dueAt: soon(86_400_000), ...extra }],
  });
  for (const lang of ['en', 'vn'] as const) {
    const past = await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item({ dueAt: '2020-01-01' }), lang });
    expect(past.status).toBe(400);
    expect(await json(past)).toMatchObject({ code: 'ACTION_DUE_IN_PAST', invalidMsg: message('ACTION_DUE_IN_PAST', lang) });
    const stranger = await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item({ ownerId: (who as any).outsiderStaff.id }), lang });
    expect(stranger.status).toBe(400);
    expect(await json(stranger)).toMatchObject({ code: 'ACTION_OWNER_INVALID', invalidMsg: message('ACTION_OWNER_INVALID', lang) });
  }
  // an owner who may not own actions (the signer's group lacks ownCorrectiveAction), a check the audit does not have, a bad severity
  expect((await json(await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item({ ownerId: who.signer.id }) }))).code).toBe(
    'ACTION_OWNER_INVALID',
  );
  expect((await json(await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item({ checkIndex: 400 }) }))).code).toBe(
    'ACTION_CHECK_NOT_FOUND',
  );
  expect((await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item({ severity: 'apocalyptic' }) })).status).toBe(400);
  // who may make actions: not staff (403); another company cannot even see the audit (404)
  expect((await call(who.staff, '/api/corrective-actions', { method: 'POST', json: item() })).status).toBe(403);
  expect((await call(who.outsider, '/api/corrective-actions', { method: 'POST', json: item() })).status).toBe(404);
  expect((await json(await call(who.manager, '/api/corrective-actions'))).actions).toEqual([]);

  // ---- one critical action due in seconds, then every other finding at once (default due periods)
  const dueAt = soon(REMIND_BEFORE_MS + 6000);
  const liveBeforeCreate = await t.deps.stores.live.lastId();
  const made = await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item({ dueAt }) });
  expect(made.status).toBe(201);
  const action = (await json(made)).created[0];
  expect(action).toMatchObject({
    status: 'open',
    severity: 'critical',
    owner: { id: who.staff.id },
    farm: { name: 'Dry Creek Farm' },
    checkIndex: target.index,
  });
  expect((await call(who.manager, '/api/corrective-actions', { method: 'POST', json: item() })).status).toBe(409); // one action per finding
  const rest = await call(who.manager, '/api/corrective-actions', { method: 'POST', json: { complianceId: first, all: true, ownerId: who.manager.id } });
  expect(rest.status).toBe(201);
  expect((await json(rest)).created).toHaveLength(findings.length - 1);
  const loop1 = await json(await call(who.manager, `/api/corrective-actions/audit/${first}`));
  expect(loop1.checks.filter((c: any) => c.result === 'Non-Compliant').every((c: any) => c.action !== null)).toBe(true);

  // the owner is told, with a deep link to the action, in both languages
  const assigned = await until('the assignment mail', async () => (await mailsTo(who.staff, /^Corrective action for you/))[0]);
  expect(assigned.text).toContain(`http://127.0.0.1:3000/views/corrective-actions/detail?id=${action.id}`);
  expect((await json(await call(who.manager, '/api/corrective-actions/owners'))).owners.map((o: any) => o.id).sort()).toEqual(
    [who.admin.id, who.manager.id, who.staff.id].sort(),
  );
  expect((await call(who.staff, '/api/corrective-actions/owners')).status).toBe(403);
  expect(assigned.text).toContain('Hạn');
  // signers of the farm's certificates see the open critical action
  expect((await json(await call(who.signer, '/api/corrective-actions/open-critical'))).actions.map((a: any) => a.id)).toEqual([action.id]);

  // ---- timers: reminder before the due time, overdue at it, escalation to the managers after it
  await until('the reminder', async () => (await mailsTo(who.staff, /^Reminder: corrective action due/)).length === 1);
  await until('overdue', async () => (await mailsTo(who.staff, /^Overdue: corrective action/)).length === 1);
  await until('escalation', async () => (await mailsTo(who.manager, /^Escalated: overdue corrective action/)).length === 1, 30_000);
  expect(await mailsTo(who.admin, /^Escalated/)).toHaveLength(1);
  expect(await mailsTo(who.staff, /^Escalated/)).toHaveLength(0);
  let view = (await json(await call(who.staff, `/api/corrective-actions/${action.id}`))).action;
  expect(view).toMatchObject({ status: 'open', overdue: true, escalated: true });
  expect(view.audit.map((a: any) => a.event)).toEqual(['created', 'reminded', 'overdue', 'escalated']);
  expect(view.allowed).toMatchObject({ start: true, submitFix: true, verify: false });
  // operators find it by company, farm, owner, state and overdue
  const handle = t.deps.temporal.workflow.getHandle(
    correctiveActionWorkflowId({ id: action.id, farm: { name: 'Dry Creek Farm' }, finding: { checkIndex: target.index } }),
  );
  const attrs = (await handle.describe()).searchAttributes;
  expect(attrs).toMatchObject({
    CompanyId: [acme.companyId],
    FarmName: ['Dry Creek Farm'],
    ActionOwner: [who.staff.id],
    ActionState: ['open'],
    Overdue: [true],
  });
  expect(handle.workflowId).toMatch(/^corrective-action-dry-creek-farm-check-\d+-/);

  // ---- the owner starts and fixes; a refused type of evidence is a clear 400 and stores nothing
  const liveBeforeStart = await t.deps.stores.live.lastId();
  expect((await json(await call(who.staff, `/api/corrective-actions/${action.id}/start`, { method: 'POST' }))).action.status).toBe('in_progress');
  // the live channel tells the company's viewers of actions and the owner (whose page and lists follow it)
  const told = async (after: number) =>
    (await t.deps.stores.live.after(after)).filter((e) => e.type === 'corrective_action_update' && (e.data as { id: string }).id === action.id);
  expect((await told(liveBeforeCreate)).slice(0, 2).map((e) => [e.userId, (e.data as { status: string }).status])).toEqual([
    [null, 'open'],
    [who.staff.id, 'open'],
  ]);
  expect((await told(liveBeforeStart)).map((e) => [e.companyId, e.userId, (e.data as { status: string }).status])).toEqual([
    [acme.companyId, null, 'in_progress'],
    [acme.companyId, who.staff.id, 'in_progress'],
  ]);
  for (const lang of ['en', 'vn'] as const) {
    for (const [data, name] of [
      [buildDocx(['Not a photo']), 'evidence.docx'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'evidence.pdf'],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      const r = await call(who.staff, `/api/corrective-actions/${action.id}/evidence`, { method: 'POST', body: form, lang });
      expect(r.status).toBe(400);
      expect(await json(r)).toMatchObject({ code: 'ACTION_EVIDENCE_TYPE', invalidMsg: message('ACTION_EVIDENCE_TYPE', lang) });
    }
  }
  expect(await evidenceRows()).toBe(0);
  // evidence only by the owner: the verifier may not add any
  expect((await upload(who.signer, action.id, pdfBytes(), 'x.pdf')).status).toBe(403);
  const up1 = await upload(who.staff, action.id, pdfBytes(), 'critical-limits-plan.pdf');
  expect(up1.status).toBe(201);
  const ev1 = (await json(up1)).evidence;
  expect(ev1).toMatchObject({ fileName: 'critical-limits-plan.pdf', mime: 'application/pdf', sha256: createHash('sha256').update(pdfBytes()).digest('hex') });
  const photo = samplePng(64, 48);
  const ev2 = (await json(await upload(who.staff, action.id, photo, 'silo.png'))).evidence;
  // a fix needs a note; unknown evidence is refused
  expect(
    (await json(await call(who.staff, `/api/corrective-actions/${action.id}/fix`, { method: 'POST', json: { note: ' ', evidenceIds: [ev1.id] } }))).code,
  ).toBe('ACTION_NOTE_REQUIRED');
  expect(
    (await json(await call(who.staff, `/api/corrective-actions/${action.id}/fix`, { method: 'POST', json: { note: 'x', evidenceIds: [randomUUID()] } }))).code,
  ).toBe('ACTION_EVIDENCE_UNKNOWN');
  view = (
    await json(
      await call(who.staff, `/api/corrective-actions/${action.id}/fix`, {
        method: 'POST',
        json: { note: 'Critical limits now written into the HACCP plan', evidenceIds: [ev1.id, ev2.id] },
      }),
    )
  ).action;
  expect(view).toMatchObject({ status: 'fix_submitted', overdue: false });
  expect(view.fixes[0].evidence.map((e: any) => e.sha256)).toEqual([ev1.sha256, ev2.sha256]);
  await until('the verifier is told', async () => (await mailsTo(who.signer, /^Fix to verify/)).length === 1);
  // submitted evidence is immutable, and reads back with its recorded hash
  expect((await call(who.staff, `/api/corrective-actions/${action.id}/evidence/${ev1.id}`, { method: 'DELETE' })).status).toBe(409);
  const file = await call(who.signer, `/api/corrective-actions/${action.id}/evidence/${ev2.id}`);
  expect(file.headers.get('x-content-sha256')).toBe(ev2.sha256);
  expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);

  // ---- the owner cannot judge; another company cannot see; the verifier reopens with a reason
  expect((await call(who.staff, `/api/corrective-actions/${action.id}/verify`, { method: 'POST' })).status).toBe(403);
  expect((await call(who.outsider, `/api/corrective-actions/${action.id}`)).status).toBe(404);
  expect((await call(who.outsider, `/api/corrective-actions/${action.id}/verify`, { method: 'POST' })).status).toBe(404);
  expect((await call(who.outsider, `/api/corrective-actions/${action.id}/evidence/${ev1.id}`)).status).toBe(404);
  const noReason = await call(who.signer, `/api/corrective-actions/${action.id}/reopen`, { method: 'POST', json: { reason: '' }, lang: 'vn' });
  expect(await json(noReason)).toMatchObject({ code: 'ACTION_REASON_REQUIRED', invalidMsg: message('ACTION_REASON_REQUIRED', 'vn') });
  view = (await json(await call(who.signer, `/api/corrective-actions/${action.id}/reopen`, { method: 'POST', json: { reason: 'The limits have no units' } })))
    .action;
  expect(view.status).toBe('reopened');
  const reopened = await until('the reopen mail', async () => (await mailsTo(who.staff, /^Reopened/))[0]);
  expect(reopened.text).toContain('The limits have no units');

  // ---- second fix, verified by someone else; the workflow ends
  const ev3 = (await json(await upload(who.staff, action.id, pdfBytes(), 'limits-with-units.pdf'))).evidence;
  view = (
    await json(
      await call(who.staff, `/api/corrective-actions/${action.id}/fix`, {
        method: 'POST',
        json: { note: 'Units added (°C, % moisture)', evidenceIds: [ev3.id] },
      }),
    )
  ).action;
  expect(view.status).toBe('fix_submitted');
  view = (await json(await call(who.signer, `/api/corrective-actions/${action.id}/verify`, { method: 'POST' }))).action;
  expect(view).toMatchObject({ status: 'verified', closedAt: expect.any(String) });
  expect(view.fixes.map((f: any) => f.outcome.verdict)).toEqual(['reopened', 'verified']);
  expect(view.audit.map((a: any) => a.event)).toEqual([
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
  expect((await handle.result()).status).toBe('verified');
  expect(await json(await call(who.staff, `/api/corrective-actions/${action.id}/start`, { method: 'POST' }))).toMatchObject({ code: 'ACTION_CLOSED' });
  expect((await json(await call(who.signer, '/api/corrective-actions/open-critical'))).actions).toEqual([]);

  // ---- the company view and "waiting for me"
  const summary = await json(await call(who.manager, '/api/corrective-actions/summary'));
  expect(summary.counts).toEqual({ open: findings.length - 1, overdue: 0, fixSubmitted: 0, closed: 1 });
  const waiting = await json(await call(who.manager, '/api/corrective-actions/waiting'));
  expect(waiting.toFix).toHaveLength(findings.length - 1);
  expect((await call(who.outsider, '/api/corrective-actions/summary')).status).toBe(200);
  expect((await json(await call(who.outsider, '/api/corrective-actions'))).actions).toEqual([]);

  // ---- a re-audit of the same farm with a complete HACCP plan shows the check fixed
  const samples = deficientSamples(new Date());
  samples.haccp_plan_update = compliantSamples(new Date()).haccp_plan_update;
  const second = await audit(samples);
  const loop2 = await json(await call(who.manager, `/api/corrective-actions/audit/${second}`));
  const again = loop2.checks.find((c: any) => c.check === target.check);
  expect(again).toMatchObject({ result: 'Compliant', action: null, earlier: [expect.objectContaining({ id: action.id, status: 'verified', fixed: true })] });

  // ---- the report PDF has its "Corrective actions" section (open, overdue, closed with evidence)
  const pdf = await call(who.manager, `/openai/compliance/${first}/download`);
  const { text } = await extractText(Buffer.from(await pdf.arrayBuffer()), 'report.pdf');
  expect(text).toContain('Corrective actions');
  expect(text).toContain('Closed (verified)');
  expect(text).toContain('limits-with-units.pdf');
  expect(text).toContain('Open');
}, 240_000);
