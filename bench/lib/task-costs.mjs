// What a run cost the worker, per workflow task: the worker process's own CPU (all its threads, from
// /proc; a child such as Chromium is not in it) and the workflow tasks, activities, local activities,
// timers and history events the run's workflows recorded (read back from their histories).
import { readFileSync, readdirSync } from 'node:fs';
import { countHistory, sumCounts } from './history-count.cjs';

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

/**
 * Sums what the given workflows recorded (bench/lib/history-count.cjs, the counter `node
 * bench/history-costs.mjs` runs on recorded histories): events, workflow tasks, activations, activity
 * tasks, local activities, timers, search-attribute upserts, Updates, payload bytes.
 */
export async function historyCosts(handles, concurrency = 8) {
  const counts = [];
  let i = 0;
  const lane = async () => {
    while (i < handles.length) {
      const h = handles[i++];
      counts.push(countHistory(await h.fetchHistory()));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return sumCounts(counts);
}

/** Per certificate and per workflow task, from historyCosts and the worker's CPU over the same work. */
export function perTask(costs, cpuSeconds) {
  const w = costs.workflows || NaN;
  return {
    cpuPerTaskMs: (1000 * cpuSeconds) / costs.workflowTasks,
    perCertificate: {
      events: costs.events / w,
      workflowTasks: costs.workflowTasks / w,
      activations: costs.activations / w,
      updates: costs.updates / w,
      activityTasks: costs.activityTasks / w,
      localActivities: costs.localActivities / w,
      timers: costs.timers / w,
      searchAttributeUpserts: costs.searchAttributeUpserts / w,
      payloadKiB: costs.payloadBytes / w / 1024,
    },
  };
}
