// The stack's processes: each started detached (it outlives the script that started it), logging to
// <dir>/logs/<name>.log, its pid recorded in <dir>/pids.json. A recorded pid counts as ours only while
// that process still carries GRAIN_STACK_DIR=<dir> in its environment (a reused pid is not ours).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { hasEnvEntry } from '../own-process.mjs';

const pidsFile = (dir) => path.join(dir, 'pids.json');
export const logFile = (dir, name) => path.join(dir, 'logs', `${name}.log`);

export function readPids(dir) {
  try {
    return JSON.parse(readFileSync(pidsFile(dir), 'utf8'));
  } catch {
    return {};
  }
}
function recordPid(dir, name, pid) {
  const pids = readPids(dir);
  if (pid) pids[name] = pid;
  else delete pids[name];
  writeFileSync(pidsFile(dir), JSON.stringify(pids, null, 1));
}

/** True when `pid` is alive and is a process this stack (directory `dir`) started. */
export const isOurs = (dir, pid) => hasEnvEntry(pid, `GRAIN_STACK_DIR=${dir}`);

export const running = (dir, name) => isOurs(dir, readPids(dir)[name]);

/** Starts `cmd args` as component `name` unless it already runs; returns its pid. */
export function startProcess(dir, name, cmd, args, { env, cwd } = {}) {
  const pid = readPids(dir)[name];
  if (isOurs(dir, pid)) return { pid, started: false };
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const out = openSync(logFile(dir, name), 'a');
  const child = spawn(cmd, args, { env: { ...env, GRAIN_STACK_DIR: dir }, cwd, detached: true, stdio: ['ignore', out, out] });
  child.unref();
  recordPid(dir, name, child.pid);
  return { pid: child.pid, started: true };
}

/** Stops the named components in the order given: SIGTERM (or `signal`), SIGKILL after `graceMs`. */
export async function stopProcesses(dir, names, { signal = 'SIGTERM', graceMs = 15_000 } = {}) {
  const pids = readPids(dir);
  const stopped = [];
  for (const name of names) {
    const pid = pids[name];
    if (!isOurs(dir, pid)) continue;
    process.kill(pid, signal);
    const until = Date.now() + graceMs;
    while (isOurs(dir, pid) && Date.now() < until) await sleep(100);
    if (isOurs(dir, pid)) process.kill(pid, 'SIGKILL');
    while (isOurs(dir, pid)) await sleep(50);
    stopped.push(name);
  }
  if (existsSync(dir)) for (const name of names) if (!isOurs(dir, readPids(dir)[name])) recordPid(dir, name, undefined);
  return stopped;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect(port, host, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** The last lines of a component's log, for an error message. */
export function logTail(dir, name, chars = 3000) {
  try {
    return readFileSync(logFile(dir, name), 'utf8').slice(-chars);
  } catch {
    return '';
  }
}

/** Waits until `ready()` is true while component `name` runs; throws with its log tail otherwise. */
export async function waitUntil(dir, name, ready, { timeoutMs = 120_000, what = 'ready' } = {}) {
  const until = Date.now() + timeoutMs;
  let lastErr;
  for (;;) {
    try {
      if (await ready()) return;
    } catch (e) {
      lastErr = e;
    }
    if (!running(dir, name)) throw new Error(`${name} exited before it was ${what}; its log (${logFile(dir, name)}) ends:\n${logTail(dir, name)}`);
    if (Date.now() > until)
      throw new Error(`${name} was not ${what} within ${timeoutMs / 1000} s${lastErr ? ` (${lastErr.message})` : ''}; its log ends:\n${logTail(dir, name)}`);
    await sleep(250);
  }
}
