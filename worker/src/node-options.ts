/**
 * The Node options of a worker process (issue 29, memory per cached workflow). A module without imports
 * of its own: worker/dist/main.js loads it first (relaunch.ts), before the worker's dependencies, so a
 * worker launched without these options restarts with them before it has loaded anything else.
 */

/**
 * The largest semi-space of a worker process's young generation, MiB (V8's own default here: 64 MiB at a
 * 4 GiB heap). Measured (issue 29, inflight 1,000 open, ceiling and ours with the same setting): V8's default
 * let the main thread's young generation grow by ~110 MB with 1,000 cached workflows and moved the memory
 * per cached workflow by ~0.1 MB between two runs of the same code (2.26x-2.82x the ceiling); 8 MiB: 1.27x,
 * +13 MB heap; 4 MiB: 1.34x but twice the garbage collector's time (share of the worker's busy CPU in its
 * profile, throughput bench: 4.1 % with V8's default, 7.8 % at 8 MiB, 10.5 % at 4 MiB).
 */
export const WORKER_SEMI_SPACE_MB = 8;

/**
 * The Node options every worker process runs with: its launches pass them (the bench's workers, ours and
 * the ceiling's alike; `npm start`'s server, which runs the worker in its process) and `worker/dist/main.js`
 * restarts itself with them when launched without (ensureWorkerNodeOptions).
 */
export const WORKER_NODE_OPTIONS: readonly string[] = [`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];

/**
 * The semi-space cap (MiB) this process runs with: the last --max-semi-space-size of NODE_OPTIONS and its
 * command line (which V8 reads after NODE_OPTIONS), undefined when V8's own default holds.
 */
export function semiSpaceCapMb(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): number | undefined {
  const args = [...nodeOptions.split(/\s+/).filter(Boolean), ...execArgv];
  let cap: number | undefined;
  args.forEach((a, i) => {
    const m = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/.exec(a);
    if (m) cap = Number(m[1] ?? args[i + 1]);
  });
  return cap;
}

/**
 * Makes this process run with WORKER_NODE_OPTIONS: when it was started without them it is replaced (same
 * process id, same output, same signals: process.execve) by the same command with them. V8 reads the
 * young generation's size once, as the process starts, so no later call can set it. Returns the cap in
 * effect; where the platform cannot replace a process (Windows) it keeps V8's default and says so.
 */
export function ensureWorkerNodeOptions(log: (line: string) => void = console.warn): number | undefined {
  const cap = semiSpaceCapMb();
  if (cap !== undefined) return cap;
  if (typeof process.execve !== 'function' || process.platform === 'win32') {
    log(`worker: running with V8's default young generation (start node with ${WORKER_NODE_OPTIONS.join(' ')})`);
    return undefined;
  }
  process.execve(process.execPath, [process.execPath, ...WORKER_NODE_OPTIONS, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
