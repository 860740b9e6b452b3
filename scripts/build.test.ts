/**
 * `npm run build` by hand: one progress line per step and the log's path, the warnings that matter, a
 * failing step's output in full; the chunk table and module lists only in the log. Run with stand-in
 * steps (small node scripts printing what tsc and vite print), not the real build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'build-steps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A step that prints `out` (on stdout) and exits with `code`. */
const step = (name: string, out: string, code = 0) => ({
  name,
  command: process.execPath,
  args: ['-e', `process.stdout.write(${JSON.stringify(out)}); process.exit(${code})`],
});

function build(steps: ReturnType<typeof step>[]) {
  const logFile = path.join(dir, `build-${Date.now()}.log`);
  const driver = `import { runSteps } from ${JSON.stringify(path.join(__dirname, 'build.mjs'))};
process.exit((await runSteps(${JSON.stringify(steps)}, { logFile: ${JSON.stringify(logFile)} })) ? 0 : 1);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' });
  return { status: r.status, terminal: `${r.stdout}${r.stderr}`, log: readFileSync(logFile, 'utf8'), logFile };
}

const CHUNKS = Array.from({ length: 80 }, (_, i) => `dist/assets/Page${i}-abc123.js   ${i + 1}.00 kB │ gzip: 1.00 kB`).join('\n');
const VITE = `vite v7.3.8 building client environment for production...\ntransforming...\n✓ 2260 modules transformed.\nrendering chunks...\n${CHUNKS}\n✓ built in 26.12s\n`;

it('prints one line per step and the log path; the chunk table stays in the log', () => {
  const r = build([step('types', ''), step('workflow bundle', 'workflow bundle written to worker/dist/workflow-bundle.js\n'), step('UI', VITE)]);
  expect(r.status).toBe(0);
  const lines = r.terminal.trim().split('\n');
  expect(lines[0]).toBe(`[build] full output: ${r.logFile}`);
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(/^\[build\] 1\/3 types: done in \d+ s$/),
    expect.stringMatching(/^\[build\] 2\/3 workflow bundle: done in \d+ s$/),
    expect.stringMatching(/^\[build\] 3\/3 UI: done in \d+ s$/),
  ]);
  expect(r.log).toContain('dist/assets/Page79-abc123.js');
});

it('shows the warnings that matter (a chunk over the size limit), not the notices around them', () => {
  const warning = '(!) Some chunks are larger than 500 kB after minification. Consider:\n- Using dynamic import() to code-split the application\n';
  const r = build([step('UI', `${VITE}${warning}`)]);
  expect(r.status).toBe(0);
  expect(r.terminal).toContain('[build] 1/1 UI: done in');
  expect(r.terminal).toContain(
    '  (!) Some chunks are larger than 500 kB after minification. Consider:\n  - Using dynamic import() to code-split the application\n',
  );
  expect(r.terminal).not.toContain('Page1-abc123');
});

it('a failing step prints its output in full, names the log and stops before the next step', () => {
  const errors =
    "domain/src/messages.ts(12,3): error TS2322: Type 'number' is not assignable to type 'string'.\ndomain/src/x.ts(1,1): error TS2304: Cannot find name 'y'.\n";
  const r = build([step('types', errors, 2), step('UI', VITE)]);
  expect(r.status).toBe(1);
  expect(r.terminal).toContain(errors);
  expect(r.terminal).toContain(`[build] 1/2 types failed (exit 2); its output is above and in ${r.logFile}`);
  expect(r.terminal).not.toContain('2/2');
});
