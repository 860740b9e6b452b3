// Measuring helpers for the benchmarks: percentiles, and CPU time per kind of process (from /proc), so
// a result can say which process used the machine's cores while it was measured.
import console from 'node:console';
import { setTimeout } from 'node:timers';
import { readdirSync, readFileSync } from 'node:fs';

export function percentiles(samples, ps = [50, 95, 99]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN);
  return Object.fromEntries([...ps.map((p) => [`p${p}`, at(p)]), ['n', s.length], ['max', s[s.length - 1] ?? NaN]]);
}

export const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : 'n/a');
export const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

const TICKS = 100; // USER_HZ on Linux

/** The kind of a process for the CPU table: ours by pid, the rest by command line. */
function kindOf(pid, cmd, own) {
  if (own.get(pid)) return own.get(pid);
  if (/temporal.*start-dev/.test(cmd)) return 'temporal dev server (others\u2019 tests)';
  if (/postgres/.test(cmd)) return 'postgres (other)';
  if (/chrom/.test(cmd)) return 'chromium (other)';
  return 'other processes (team\u2019s builds/tests)';
}

function snapshot() {
  const out = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), cmd });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

/**
 * CPU use per kind of process between start() and stop(). `roots` maps a pid to a label; its
 * descendants (e.g. Chromium under the worker, Postgres backends under the postmaster) count for it.
 */
export function cpuProfiler(roots) {
  const before = snapshot();
  const t0 = Date.now();
  return {
    stop() {
      const after = snapshot();
      const seconds = (Date.now() - t0) / 1000;
      const label = (pid, seen = 0) => {
        if (roots.has(pid)) return roots.get(pid);
        const p = after.get(pid) ?? before.get(pid);
        return p && p.ppid > 1 && seen < 30 ? label(p.ppid, seen + 1) : undefined;
      };
      const own = new Map();
      for (const pid of after.keys()) own.set(pid, label(pid));
      const per = new Map();
      for (const [pid, p] of after) {
        const used = (p.ticks - (before.get(pid)?.ticks ?? 0)) / TICKS;
        if (used <= 0) continue;
        const k = kindOf(pid, p.cmd, own);
        per.set(k, (per.get(k) ?? 0) + used);
      }
      const rows = [...per.entries()].sort((a, b) => b[1] - a[1]).map(([kind, s]) => ({ kind, cores: s / seconds, seconds: s }));
      return { seconds, rows };
    },
  };
}

export function cpuTable(p, nproc) {
  const lines = ['| process | CPU s | cores used |', '|---|---:|---:|'];
  for (const r of p.rows) if (r.seconds >= 0.5) lines.push(`| ${r.kind} | ${r.seconds.toFixed(1)} | ${r.cores.toFixed(2)} |`);
  lines.push(`| (measured window) | ${p.seconds.toFixed(0)} s wall | of ${nproc} |`);
  return lines.join('\n');
}

/**
 * Waits until the 1-minute load average is at most `max` (the machine is shared: other engineers'
 * tests would otherwise be measured too), polling every `pollS` s for at most `maxWaitS` s.
 * @returns { waitedS, load: [1, 5, 15 min], quiet } — `quiet` false when it gave up waiting.
 */
export async function waitForQuiet({ max = 1.5, pollS = 30, maxWaitS = 600, log = console.log } = {}) {
  const t0 = Date.now();
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  for (;;) {
    const l = load();
    const waitedS = (Date.now() - t0) / 1000;
    if (l[0] <= max) return { waitedS, load: l, quiet: true };
    if (waitedS + pollS > maxWaitS) return { waitedS, load: l, quiet: false };
    log(`  load ${l.join(' ')} > ${max}; waiting ${pollS} s (${waitedS.toFixed(0)} s so far)`);
    await new Promise((r) => setTimeout(r, pollS * 1000));
  }
}

export const loadLine = (q) =>
  `Load before measuring: ${q.load.map((x) => x.toFixed(2)).join(' ')} (1/5/15 min)${q.waitedS >= 1 ? ` after waiting ${q.waitedS.toFixed(0)} s` : ''}${q.quiet ? '' : ' — the machine did not get quiet within the wait limit; measured anyway'}.`;
