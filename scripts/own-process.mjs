// Whether a pid we recorded is still the process we started — asked by the Fabric network and the
// production stack (pids.json) before starting, while waiting for a port, and when stopping.
import { readFileSync } from 'node:fs';

const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * What /proc/<pid>/<file> ('cmdline', 'environ') holds for a live process; null once it has exited
 * (gone, or a zombie not yet reaped). A process in the middle of exec shows both files empty for a
 * moment (the kernel has swapped in the new program's memory but not yet laid out its arguments):
 * straight after a spawn that moment is common, so an empty answer is read again until it settles.
 */
export function liveProcFile(pid, file, settleMs = 2000) {
  if (!pid) return null;
  const until = Date.now() + settleMs;
  for (;;) {
    try {
      process.kill(pid, 0);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat[stat.lastIndexOf(') ') + 2] === 'Z') return null;
      const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
      if (text || Date.now() >= until) return text;
    } catch {
      return null;
    }
    pause(5);
  }
}

/** True when `pid` is alive and its command line contains `name` (guards against pid reuse). */
export const runsCommand = (pid, name) => (liveProcFile(pid, 'cmdline') ?? '').includes(name);

/** True when `pid` is alive and its environment has `entry` (`NAME=value`). */
export const hasEnvEntry = (pid, entry) => (liveProcFile(pid, 'environ') ?? '').split('\0').includes(entry);
