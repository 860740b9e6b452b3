// What a run cost the worker, per workflow task: the worker process's own CPU (all its threads, from
// /proc; a child such as Chromium is not in it) and the workflow tasks, activities, local activities,
// timers and history events the run's workflows recorded (read back from their histories).
import { Buffer } from 'node:buffer';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { EventType } = require('@temporalio/proto').temporal.api.enums.v1;

const TICKS = 100; // USER_HZ

/** CPU seconds (user + system, every thread) of one process. */
export function processCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

/**
 * CPU seconds of each kind of thread of a process: 'main' (the event loop: activities, local activities,
 * the core bridge), 'workflow thread' (Node worker threads: the SDK runs the workflow sandbox in one),
 * the rest by their names (tokio-runtime-w: Temporal core; V8 and libuv helpers).
 */
export function threadCpuSeconds(pid) {
  const out = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const name = comm !== 'node' ? comm : Number(tid) === Number(pid) ? 'main' : 'workflow thread';
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[name] = (out[name] ?? 0) + (Number(f[11]) + Number(f[12])) / TICKS;
    } catch {
      /* thread ended */
    }
  }
  return out;
}

const typeOf = (t) => (typeof t === 'number' ? EventType[t] : String(t)).replace('EVENT_TYPE_', '');

/** Sums what the given workflows recorded: events, workflow tasks, activity tasks, local activities, timers, payload bytes. */
export async function historyCosts(handles, concurrency = 8) {
  const t = {
    workflows: 0,
    events: 0,
    workflowTasks: 0,
    activityTasks: 0,
    localActivities: 0,
    timers: 0,
    searchAttributeUpserts: 0,
    updates: 0,
    payloadBytes: 0,
  };
  let i = 0;
  const lane = async () => {
    while (i < handles.length) {
      const h = handles[i++];
      const { events } = await h.fetchHistory();
      t.workflows++;
      t.events += events.length;
      for (const e of events) {
        const k = typeOf(e.eventType);
        if (k === 'WORKFLOW_TASK_COMPLETED') t.workflowTasks++;
        else if (k === 'ACTIVITY_TASK_SCHEDULED') t.activityTasks++;
        else if (k === 'TIMER_STARTED') t.timers++;
        else if (k === 'UPSERT_WORKFLOW_SEARCH_ATTRIBUTES') t.searchAttributeUpserts++;
        else if (k === 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED') t.updates++;
        else if (k === 'MARKER_RECORDED' && e.markerRecordedEventAttributes?.markerName === 'core_local_activity') t.localActivities++;
      }
      t.payloadBytes += payloadBytes(events);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return t;
}

/** Bytes of payload data in a history (every `data` of a payload, found by walking the events). */
function payloadBytes(x) {
  if (!x || typeof x !== 'object') return 0;
  if (x instanceof Uint8Array) return 0;
  let n = 0;
  if (x.data instanceof Uint8Array && x.metadata) n += x.data.length;
  else if (typeof x.data === 'string' && x.metadata) n += Buffer.from(x.data, 'base64').length;
  for (const v of Object.values(x)) if (v && typeof v === 'object') n += payloadBytes(v);
  return n;
}

/** Per certificate and per workflow task, from historyCosts and the worker's CPU over the same work. */
export function perTask(costs, cpuSeconds) {
  const w = costs.workflows || NaN;
  return {
    cpuPerTaskMs: (1000 * cpuSeconds) / costs.workflowTasks,
    perCertificate: {
      events: costs.events / w,
      workflowTasks: costs.workflowTasks / w,
      activityTasks: costs.activityTasks / w,
      localActivities: costs.localActivities / w,
      timers: costs.timers / w,
      searchAttributeUpserts: costs.searchAttributeUpserts / w,
      payloadKiB: costs.payloadBytes / w / 1024,
    },
  };
}
