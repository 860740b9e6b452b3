/**
 * "Is the process in pids.json still the one we started?" — asked by the Fabric network and the
 * production stack while they wait for a component to open its port. Right after a spawn the child is
 * often in the middle of exec (a `#!/usr/bin/env node` script execs twice): for that moment the
 * kernel shows an empty command line and environment. Answering "not ours" then made `fabric:start`
 * give up on a healthy chaincode with an empty log (a CI run failed so, twice in a row). Checked here
 * against real processes: every child asked about at once is ours, and one that exited is not.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

jest.setTimeout(120_000);
const dir = mkdtempSync(path.join(tmpdir(), 'own-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a child asked about straight after its spawn is ours (Fabric: by command line; the stack: by environment), one that exited is not', () => {
  const probe = path.join(dir, 'grain-probe-component');
  writeFileSync(probe, '#!/usr/bin/env node\nsetTimeout(() => {}, 30_000);\n');
  chmodSync(probe, 0o755);
  const driver = `
import { spawn } from 'node:child_process';
import { isOurs as fabricOurs } from ${JSON.stringify(path.join(__dirname, 'fabric-network.mjs'))};
import { isOurs as stackOurs } from ${JSON.stringify(path.join(__dirname, 'stack/processes.mjs'))};
const stackDir = ${JSON.stringify(dir)};
const counts = { fabricOurs: 0, stackOurs: 0, exitedOurs: 0 };
for (let i = 0; i < 100; i++) {
  const child = spawn(${JSON.stringify(probe)}, [], { stdio: 'ignore', detached: true, env: { ...process.env, GRAIN_STACK_DIR: stackDir } });
  if (fabricOurs(child.pid, 'grain-probe-component')) counts.fabricOurs++;
  const again = spawn(${JSON.stringify(probe)}, [], { stdio: 'ignore', detached: true, env: { ...process.env, GRAIN_STACK_DIR: stackDir } });
  if (stackOurs(stackDir, again.pid)) counts.stackOurs++;
  for (const c of [child, again]) {
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
    if (fabricOurs(c.pid, 'grain-probe-component') || stackOurs(stackDir, c.pid)) counts.exitedOurs++;
  }
}
process.stdout.write(JSON.stringify(counts));
`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8', timeout: 110_000 });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual({ fabricOurs: 100, stackOurs: 100, exitedOurs: 0 });
});
