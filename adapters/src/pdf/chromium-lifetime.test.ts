import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** True while a process with this pid runs (one that exited but was not yet reaped, a zombie, does not). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

/**
 * The worker's browser lives no longer than the worker: a worker killed outright (SIGKILL, the kernel's
 * out-of-memory killer) has no chance to close it, and each Chromium left behind keeps ~200 MB (the chaos
 * run's 20 worker kills left 20 of them running).
 */
test('Chromium exits when the process that launched it for PDFs is killed', async () => {
  const renderer = path.resolve(__dirname, '../../dist/pdf/pdf-renderer.js');
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const { ChromiumPdfRenderer } = require(${JSON.stringify(renderer)});
       const r = new ChromiumPdfRenderer();
       r.render('<p>warm</p>').then(async () => { console.log((await r.browser).process().pid); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const browserPid = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`renderer process exited (${code}) before rendering`)));
  });
  expect(alive(browserPid)).toBe(true);
  child.kill('SIGKILL');
  let gone = false;
  for (let i = 0; i < 100 && !gone; i++) {
    await new Promise((r) => setTimeout(r, 100));
    gone = !alive(browserPid);
  }
  if (!gone) process.kill(browserPid, 'SIGKILL'); // leave nothing behind, then fail
  expect(gone).toBe(true);
}, 60_000);
