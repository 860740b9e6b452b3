#!/usr/bin/env node
// `npm run build`: the types (tsc -b), the workflow bundle and the UI, one progress line per step. Each
// step's whole output (the UI's chunk table, the compiler's and bundlers' notices) goes to one log; the
// terminal gets the log's path, a line per step, the warnings that matter (lines Vite and Rollup mark
// "(!)", "warning", "error") and, when a step fails, its output in full. `npm start` and `npm test`
// build through the same steps (scripts/build-logged.mjs).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-runtime.mjs';

requireSupportedNode('npm run build');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** The build, in order. */
export const BUILD_STEPS = [
  { name: 'types', command: bin('tsc'), args: ['-b'] },
  { name: 'workflow bundle', command: process.execPath, args: [path.join(root, 'worker', 'dist', 'build-bundle.js')] },
  { name: 'UI', command: 'npm', args: ['run', 'build', '--silent', '-w', '@grain/ui'] },
];

/** A line that starts a warning worth a reader's attention, and the lines that continue it. */
const WARNING = /^(\(!\)|warning\b|\[warn\]|error\b)|\bwarning:|\(!\)/i;
const CONTINUES = /^(\s+|- )\S/;

function warningsIn(output) {
  const out = [];
  let inWarning = false;
  for (const line of output.split('\n')) {
    if (WARNING.test(line.trim())) inWarning = true;
    else if (!(inWarning && CONTINUES.test(line))) inWarning = false;
    if (inWarning) out.push(line);
  }
  return out;
}

function runStep({ command, args }, cwd) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    child.on('error', (err) => resolve({ code: 127, output: `${output}cannot run ${command}: ${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Runs `steps` in order, stopping at the first that fails.
 * @returns {Promise<boolean>} whether every step succeeded
 */
export async function runSteps(steps, { logFile, say = (m) => process.stderr.write(`[build] ${m}\n`), cwd = root }) {
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, '');
  say(`full output: ${logFile}`);
  for (const [i, step] of steps.entries()) {
    const label = `${i + 1}/${steps.length} ${step.name}`;
    const started = Date.now();
    const { code, output } = await runStep(step, cwd);
    appendFileSync(logFile, `== ${label}: ${[step.command, ...step.args].join(' ')} (exit ${code})\n${output}\n`);
    if (code !== 0) {
      process.stderr.write(output.endsWith('\n') || !output ? output : `${output}\n`);
      say(`${label} failed (exit ${code}); its output is above and in ${logFile}`);
      return false;
    }
    say(`${label}: done in ${Math.round((Date.now() - started) / 1000)} s`);
    for (const line of warningsIn(output)) process.stderr.write(`  ${line}\n`);
  }
  return true;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const logFile = path.join(path.resolve(process.env.DATA_DIR || path.join(root, 'data')), 'logs', 'build.log');
  process.exit((await runSteps(BUILD_STEPS, { logFile })) ? 0 : 1);
}
