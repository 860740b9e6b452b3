// Runs a long `go install` / `go build` (the Temporal CLI, Fabric) without flooding the terminal: go's
// whole output goes to a log file, the terminal gets the log's path, a progress line now and then
// (packages compiled so far) and, when the build fails, go's messages in full (every line that is not
// the name of a package compiled, which is all `-v` prints on success).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** How often a progress line is printed: in place on a terminal, otherwise as a new line (CI logs). */
const PROGRESS_MS = process.stderr.isTTY ? 5_000 : 60_000;

/** A line `go -v` prints for each package it compiles: an import path, nothing else. */
const isPackageLine = (line) => /^[\w.~-]+(\/[\w.~+-]+)*$/.test(line);
/** Module fetches, news on the way but not the reason a build failed. */
const isFetchLine = (line) => /^go: (downloading|finding|extracting) /.test(line);

/**
 * @param {string[]} args go's arguments (`-v` is added after the subcommand)
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, logFile: string, log: (msg: string) => void }} opts
 * @returns {Promise<{ ok: boolean, seconds: number, errors: string[] }>}
 */
export function runGoLogged(args, { env, cwd, logFile, log }) {
  return new Promise((resolve) => {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const out = createWriteStream(logFile);
    const started = Date.now();
    const seconds = () => Math.round((Date.now() - started) / 1000);
    log(`go ${args.join(' ')} (full output: ${logFile})`);
    const [command, ...rest] = args;
    const child = spawn('go', [command, '-v', ...rest], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let packages = 0;
    let partial = '';
    const count = (buf) => {
      out.write(buf);
      const lines = (partial + buf.toString()).split('\n');
      partial = lines.pop() ?? '';
      packages += lines.filter(isPackageLine).length;
    };
    child.stdout.on('data', count);
    child.stderr.on('data', count);
    const progress = () => `... ${seconds()} s, ${packages} packages compiled`;
    const tick = setInterval(() => {
      if (process.stderr.isTTY) process.stderr.write(`\r${progress()}`);
      else log(progress());
    }, PROGRESS_MS);
    const done = (ok, extra) => {
      clearInterval(tick);
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      out.end(() => {
        const errors = ok
          ? []
          : [
              ...readFileSync(logFile, 'utf8')
                .split('\n')
                .filter((l) => l.trim() && !isPackageLine(l.trim()) && !isFetchLine(l)),
              ...(extra ? [extra] : []),
            ];
        resolve({ ok, seconds: seconds(), errors });
      });
    };
    child.on('close', (code) => done(code === 0, code === 0 ? undefined : `go exited with code ${code}`));
    child.on('error', (err) => done(false, `cannot run go: ${err.message}`));
  });
}
