// CPU seconds of whole process trees, for "CPU-seconds per issued certificate, all processes summed"
// (issue 29): for each root pid, its own utime + stime and that of every live descendant, plus the
// cutime + cstime each of them holds for children that ended and were reaped meanwhile (a Postgres
// backend, a Chromium renderer), so work done by a process that is gone by the second reading still
// counts. Read before and after the measured window; the difference is what the window cost.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

function table() {
  const out = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields after the name: state ppid ... utime(11) stime(12) cutime(13) cstime(14)
      out.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      /* ended meanwhile */
    }
  }
  return out;
}

/** Seconds of CPU per label: `roots` maps a label to a pid (or a list of pids); each counts its tree. */
export function treeCpu(roots) {
  const t = table();
  const kids = new Map();
  for (const [pid, p] of t) {
    if (!kids.has(p.ppid)) kids.set(p.ppid, []);
    kids.get(p.ppid).push(pid);
  }
  const sum = (pid, seen = new Set()) => {
    if (seen.has(pid) || !t.has(pid)) return 0;
    seen.add(pid);
    return t.get(pid).ticks + (kids.get(pid) ?? []).reduce((s, c) => s + sum(c, seen), 0);
  };
  const out = {};
  for (const [label, pids] of Object.entries(roots)) out[label] = [pids].flat().reduce((s, pid) => s + sum(pid), 0) / TICKS;
  return out;
}

/** A window over `roots`: stop() gives { seconds: { label: cpu s }, total, wallS }. */
export function treeCpuWindow(roots) {
  const before = treeCpu(roots);
  const t0 = Date.now();
  return {
    stop() {
      const after = treeCpu(roots);
      const seconds = Object.fromEntries(Object.keys(roots).map((k) => [k, Math.max(0, after[k] - before[k])]));
      return { seconds, total: Object.values(seconds).reduce((a, b) => a + b, 0), wallS: (Date.now() - t0) / 1000 };
    },
  };
}
