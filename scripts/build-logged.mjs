// `npm run build` for the drivers (`npm start`, `npm test`): the compiler's and bundlers' output goes to
// a log; the terminal gets one line and the time, or on a failure the whole output, where the errors are.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @returns {boolean} whether the build succeeded (its output, on failure, already printed) */
export function buildLogged({ root, logFile, say }) {
  mkdirSync(path.dirname(logFile), { recursive: true });
  say(`building (types, workflow bundle, UI), a minute or two; log: ${logFile}`);
  const started = Date.now();
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const output = `${b.stdout ?? ''}${b.stderr ?? ''}${b.error ? `${b.error.message}\n` : ''}`;
  writeFileSync(logFile, output);
  if (b.status !== 0) {
    process.stderr.write(output);
    say(`build failed (exit ${b.status}); the output above is also in ${logFile}`);
    return false;
  }
  say(`built in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}
