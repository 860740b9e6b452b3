// Where the time of a sign goes, read from the workflows' own histories (the server's timestamps): for
// each `sign` Update, from the workflow task that took it in until the Update completed, the time
// spent in workflow tasks (waiting to be picked up / running in the worker), and per activity type the
// time queued and the time running (redeemOtp and upsertCertificateReadModel: Postgres; appendLedger:
// the ledger, with its table lock; notifyCertificate: mail; generateCertificatePdf: Chromium). What is
// left is the server persisting history and dispatching (Temporal dev server, SQLite). Local activities
// (the sign path since the local-activity patch) run inside a workflow task, so their time is part of
// "workflow tasks: running"; their markers are counted (their recorded times are not usable as durations:
// original_schedule_time came out later than complete_time in every marker we read).
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { percentiles } from './measure.mjs';

const require = createRequire(import.meta.url);
const { temporal } = require('@temporalio/proto');
const EventType = temporal.api.enums.v1.EventType;

const num = (v) => Number(v?.toString?.() ?? v);
const ms = (t) => (typeof t === 'string' ? Date.parse(t) : num(t.seconds) * 1000 + (t.nanos ?? 0) / 1e6);
const decode = (p) =>
  JSON.parse(Buffer.from(p?.payloads?.[0]?.data ?? [], typeof p?.payloads?.[0]?.data === 'string' ? 'base64' : undefined).toString() || 'null');
const typeOf = (e) => (typeof e.eventType === 'string' ? e.eventType : EventType[e.eventType]).replace('EVENT_TYPE_', '');

/** The breakdown of every sign Update in one history. */
export function signBreakdowns(events) {
  const byId = new Map(events.map((e) => [num(e.eventId), e]));
  const out = [];
  for (const acc of events.filter((e) => typeOf(e) === 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED')) {
    const a = acc.workflowExecutionUpdateAcceptedEventAttributes;
    if (a.acceptedRequest?.input?.name !== 'sign') continue;
    const done = events.find(
      (e) => typeOf(e) === 'WORKFLOW_EXECUTION_UPDATE_COMPLETED' && num(e.workflowExecutionUpdateCompletedEventAttributes.acceptedEventId) === num(acc.eventId),
    );
    if (!done) continue;
    // The workflow task that accepted the Update completed right before the accepted event.
    let first = num(acc.eventId) - 1;
    while (first > 1 && typeOf(byId.get(first)) !== 'WORKFLOW_TASK_SCHEDULED') first--;
    const from = first;
    const to = num(done.eventId);
    const b = { totalMs: ms(done.eventTime) - ms(byId.get(from).eventTime), wftWaitMs: 0, wftRunMs: 0, actWaitMs: 0, act: {}, local: {} };
    for (let id = from; id <= to; id++) {
      const e = byId.get(id);
      const t = typeOf(e);
      if (t === 'WORKFLOW_TASK_STARTED') b.wftWaitMs += ms(e.eventTime) - ms(byId.get(num(e.workflowTaskStartedEventAttributes.scheduledEventId)).eventTime);
      if (t === 'WORKFLOW_TASK_COMPLETED') b.wftRunMs += ms(e.eventTime) - ms(byId.get(num(e.workflowTaskCompletedEventAttributes.startedEventId)).eventTime);
      if (t === 'MARKER_RECORDED' && e.markerRecordedEventAttributes.markerName === 'core_local_activity') {
        const m = decode(e.markerRecordedEventAttributes.details?.data);
        if (m?.activity_type) b.local[m.activity_type] = (b.local[m.activity_type] ?? 0) + 1;
      }
      if (t === 'ACTIVITY_TASK_COMPLETED' || t === 'ACTIVITY_TASK_FAILED') {
        const at = e.activityTaskCompletedEventAttributes ?? e.activityTaskFailedEventAttributes;
        if (num(at.scheduledEventId) < from) continue; // scheduled before this sign (e.g. an earlier step's mail)
        const sched = byId.get(num(at.scheduledEventId));
        const started = byId.get(num(at.startedEventId));
        const name = sched.activityTaskScheduledEventAttributes.activityType.name;
        b.actWaitMs += ms(started.eventTime) - ms(sched.eventTime);
        b.act[name] = (b.act[name] ?? 0) + ms(e.eventTime) - ms(started.eventTime);
      }
    }
    b.serverMs = b.totalMs - b.wftWaitMs - b.wftRunMs - b.actWaitMs - Object.values(b.act).reduce((x, y) => x + y, 0);
    out.push(b);
  }
  return out;
}

/** Fetches up to `max` histories and sums up: per part, p50 / p95 and the mean share of the total. */
export async function signProfile(handles, max = 40) {
  const all = [];
  for (const h of handles.slice(0, max)) {
    const history = await h.fetchHistory();
    all.push(...signBreakdowns(history.events));
  }
  if (!all.length) return null;
  const parts = new Map([
    ['total (workflow task taking the Update in -> Update completed)', (b) => b.totalMs],
    ['workflow tasks: waiting for the worker', (b) => b.wftWaitMs],
    ['workflow tasks: running in the worker', (b) => b.wftRunMs],
    ['activities: queued', (b) => b.actWaitMs],
  ]);
  for (const name of new Set(all.flatMap((b) => Object.keys(b.act)))) parts.set(`activity ${name}: running`, (b) => b.act[name] ?? 0);
  parts.set('rest: server persisting history and dispatching', (b) => b.serverMs);
  const total = all.reduce((s, b) => s + b.totalMs, 0);
  const locals = [...new Set(all.flatMap((b) => Object.keys(b.local)))].map(
    (name) => `${name} ${(all.reduce((n, b) => n + (b.local[name] ?? 0), 0) / all.length).toFixed(1)}`,
  );
  return {
    signs: all.length,
    localActivitiesPerSign: locals.join(', '),
    rows: [...parts].map(([label, f]) => ({ label, ...percentiles(all.map(f)), share: all.reduce((s, b) => s + f(b), 0) / total })),
  };
}

export function signProfileTable(p) {
  if (!p) return 'No sign histories to profile.';
  const note = p.localActivitiesPerSign ? `\n\nLocal activities per sign (run inside the workflow tasks above): ${p.localActivitiesPerSign}.` : '';
  const f = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  return (
    [
      '| part of a sign | p50 | p95 | share of the time |',
      '|---|---:|---:|---:|',
      ...p.rows.map((r) => `| ${r.label} | ${f(r.p50)} | ${f(r.p95)} | ${(100 * r.share).toFixed(0)} % |`),
    ].join('\n') + note
  );
}
