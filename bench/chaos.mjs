#!/usr/bin/env node
// `npm run chaos [-- --count 1000 --kills 20 --restarts 5 --concurrency 24]`: the chaos run
// (bench/chaos/): worker kills and server restarts while certificates run. Needs the build (`npm run build`); appends its figures to bench/RESULTS.md
// (not when CHAOS_NO_RECORD is set, for a smoke run).
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';
import { runChaos } from './chaos/run.mjs';
import { machine, versions } from './lib/report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    kills: { type: 'string', default: '20' },
    restarts: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '24' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run chaos [-- options]: certificates through 3 levels of 2-of-3 while the worker is SIGKILLed and
the Temporal dev server restarted; then read model, ledger and histories must agree (bench/chaos/).
  --count N        certificates (default 1000)
  --kills N        worker SIGKILLs (default 20)
  --restarts N     dev server restarts (default 5)
  --concurrency N  certificates driven at a time (default 24)
Appends its figures to bench/RESULTS.md unless CHAOS_NO_RECORD is set. Build first (npm run build).`);
  process.exit(0);
}
const opts = { count: Number(values.count), kills: Number(values.kills), restarts: Number(values.restarts), concurrency: Number(values.concurrency) };
if (!existsSync(path.join(root, 'worker/dist/main.js')) || !existsSync(path.join(root, 'worker/dist/workflow-bundle.js'))) {
  console.error('chaos: build first (npm run build): worker/dist/main.js and the workflow bundle are needed');
  process.exit(1);
}
const bin = await ensureTemporal();
const workDir = path.join(os.tmpdir(), 'grain-chaos-logs');
mkdirSync(workDir, { recursive: true });
const m = machine();
const v = versions(bin);
const r = await runChaos({ bin, ...opts, workDir });

const s = (x) => `${(x / 1000).toFixed(1)} s`;
const stat = (xs) =>
  xs.length ? `min ${s(Math.min(...xs))}, median ${s(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)])}, max ${s(Math.max(...xs))}` : 'n/a';
const lines = [
  '',
  `## Chaos run, ${new Date().toISOString()}`,
  '',
  `Command: \`npm run chaos -- --count ${opts.count} --kills ${opts.kills} --restarts ${opts.restarts} --concurrency ${opts.concurrency}\``,
  '',
  `Machine: ${m.nproc} cores (${m.cpu}), ${m.memory}, load at start ${m.load}, ${m.kernel}. Versions: Node ${v.node}, ${v.temporal}, ${v.temporalio}.`,
  `Set-up: Temporal dev server with its SQLite file database (WAL), Postgres ${process.env.DATABASE_URL ? '(DATABASE_URL)' : '(throwaway, initdb in a tmp dir)'}, the worker as \`node worker/dist/main.js\`, real SMTP on loopback; the driver does what the API does (start, the code made and mailed as its request-code command does, code from the mail, OtpStore.verify, sign Update), ${opts.concurrency} certificates at a time, each step retried until it lands.`,
  '',
  `| figure | value |`,
  `|---|---|`,
  `| certificates | ${r.count} (3 levels, 2-of-3 signatures: ${r.count * 6} signatures) |`,
  `| worker SIGKILLs / dev server restarts | ${r.kills} / ${r.restarts} |`,
  `| worker exits not caused by the run | ${r.unexpectedExits} |`,
  `| time to sign everything / whole run | ${s(r.driveMs)} / ${s(r.totalMs)} |`,
  `| retried steps (refused or failed calls during faults) | ${r.stats.retries} |`,
  `| recovery after worker SIGKILL (fault -> next confirmed signature) | ${stat(r.recoveries.filter((x) => x.kind === 'worker SIGKILL').map((x) => x.recoveryMs))} |`,
  `| recovery after dev server restart | ${stat(r.recoveries.filter((x) => x.kind === 'dev server restart').map((x) => x.recoveryMs))} |`,
  `| certificates whose workflow lost a signature it had confirmed | ${r.lost.length}${r.lost.length ? ` (${r.lost.map((x) => x.id).join(', ')})` : ''} |`,
  `| final check | ${r.check.ok ? '**consistent**' : '**INCONSISTENT**'}: ${Object.entries(r.check.counts)
    .map(([k, x]) => `${k} ${x}`)
    .join(', ')} |`,
  '',
  'Recovery per fault (time from the fault to the next signature the workflow confirmed):',
  '',
  '| # | fault | at signature | recovery |',
  '|---|---|---|---|',
  ...r.recoveries.map((x, i) => `| ${i + 1} | ${x.kind} #${x.n} | ${x.atSignature} | ${s(x.recoveryMs)} |`),
  ...(r.lost.length ? ['', 'Lost signatures seen by the driver:', '', ...r.lost.map((x) => `- ${x.detail}`)] : []),
  ...(r.check.ok ? [] : ['', 'Problems (first 30):', '', ...r.check.problems.slice(0, 30).map((p) => `- ${p}`)]),
  '',
];
if (!process.env.CHAOS_NO_RECORD) appendFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
console.log(`chaos: ${r.check.ok ? 'consistent' : 'INCONSISTENT'}; logs in ${workDir}`);
process.exit(r.check.ok ? 0 : 1);
