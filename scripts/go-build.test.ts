/**
 * A Go build (the Temporal CLI, Fabric) on a newcomer's first `npm install`: one line with the log's
 * path while it runs, go's messages in full when it fails, the whole output in the log. Run against a
 * stand-in `go` on PATH that prints what `go install -v` prints (package names; a compile error).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'go-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(goScript: string) {
  writeFileSync(path.join(dir, 'go'), `#!/bin/sh\n${goScript}\n`);
  chmodSync(path.join(dir, 'go'), 0o755);
  const logFile = path.join(dir, `build-${Date.now()}.log`);
  const driver = `import { runGoLogged } from ${JSON.stringify(path.join(__dirname, 'go-build.mjs'))};
const r = await runGoLogged(['install', 'example.com/cmd/tool@v1'], { logFile: ${JSON.stringify(logFile)}, log: (m) => process.stderr.write('[go] ' + m + '\\n') });
if (!r.ok) for (const line of r.errors) process.stderr.write('  ' + line + '\\n');
process.exit(r.ok ? 0 : 1);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
  });
  return { status: r.status, terminal: r.stderr + r.stdout, log: readFileSync(logFile, 'utf8'), logFile };
}

const PACKAGES = Array.from({ length: 300 }, (_, i) => `example.com/pkg${i}/internal/part`).join('\\n');

it('a build that succeeds prints one line, naming its log; the log holds every package', () => {
  const r = build(`printf '${PACKAGES}\\n' >&2`);
  expect(r.status).toBe(0);
  expect(r.terminal.trim().split('\n')).toEqual([`[go] go install example.com/cmd/tool@v1 (full output: ${r.logFile})`]);
  expect(r.log.split('\n').filter(Boolean)).toHaveLength(300);
});

it("a build that fails prints go's messages in full, not the packages compiled before them", () => {
  const r = build(
    `printf 'go: downloading example.com/dep v1.2.3\\nexample.com/a\\nexample.com/b/c\\n# example.com/cmd/tool\\ncmd/tool/main.go:12:3: undefined: frobnicate\\ncmd/tool/main.go:14:9: too many arguments in call to run\\n' >&2; exit 1`,
  );
  expect(r.status).toBe(1);
  expect(r.terminal).toContain(`(full output: ${r.logFile})`);
  const shown = r.terminal
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());
  expect(shown).toEqual([
    '# example.com/cmd/tool',
    'cmd/tool/main.go:12:3: undefined: frobnicate',
    'cmd/tool/main.go:14:9: too many arguments in call to run',
    'go exited with code 1',
  ]);
  expect(r.log).toContain('example.com/b/c');
});
