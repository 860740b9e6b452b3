#!/usr/bin/env node
// Where a thread's time went, from a V8 CPU profile (`node --cpu-prof`, as bench/responsiveness.mjs
// --profile writes one per thread): self time by function, and the longest stretches without an idle
// sample (the event loop held), each with the functions that filled it.
//
//   node bench/lib/profile-stretches.mjs <file.cpuprofile> [--top=15] [--stretches=10] [--from=<ms>] [--to=<ms>]
// --from/--to: only samples in that window, in ms since the profile started.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const file = process.argv[2];
if (!file || file === '--help') {
  console.log('usage: node bench/lib/profile-stretches.mjs <file.cpuprofile> [--top=15] [--stretches=10] [--from=<ms>] [--to=<ms>]');
  process.exit(file ? 0 : 1);
}
const arg = (name, dflt) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const TOP = arg('top', 15);
const STRETCHES = arg('stretches', 10);
const FROM = arg('from', 0);
const TO = arg('to', Infinity);

const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const where = (n) => {
  const f = n.callFrame;
  const url = f.url ? path.relative(process.cwd(), f.url.replace(/^file:\/\//, '')) : '';
  return `${f.functionName || '(anonymous)'}${url ? ` ${url}:${f.lineNumber + 1}` : ''}`;
};
const idle = (n) => n.callFrame.functionName === '(idle)';
/** The outermost frame of the project or of a package that named the work (for grouping stretches). */
const owner = (id) => {
  const chain = [];
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) chain.push(byId.get(cur));
  const known = chain.find((n) =>
    /node_modules\/(@electric-sql|knex|@temporalio|nodemailer|express|pdfjs|busboy|multer)|\/(api|persistence|adapters|activities|worker|server|domain)\/dist\//.test(
      n.callFrame.url,
    ),
  );
  return known ? where(known) : where(chain[0]);
};

// Sample times: startTime + cumulative deltas (µs).
let t = prof.startTime;
const samples = prof.samples.map((id, i) => {
  t += prof.timeDeltas[i];
  return { id, at: (t - prof.startTime) / 1000 };
});
const inWindow = samples.filter((s) => s.at >= FROM && s.at <= TO);
const dt = (i) => (i + 1 < inWindow.length ? inWindow[i + 1].at - inWindow[i].at : 0);

const self = new Map();
let busy = 0;
inWindow.forEach((s, i) => {
  const n = byId.get(s.id);
  if (idle(n)) return;
  busy += dt(i);
  self.set(where(n), (self.get(where(n)) ?? 0) + dt(i));
});

const stretches = [];
let open;
inWindow.forEach((s, i) => {
  const n = byId.get(s.id);
  if (idle(n)) {
    if (open) stretches.push(open);
    open = undefined;
    return;
  }
  open ??= { from: s.at, to: s.at, parts: new Map() };
  open.to = s.at + dt(i);
  const o = owner(s.id);
  open.parts.set(o, (open.parts.get(o) ?? 0) + dt(i));
});
if (open) stretches.push(open);

const span = inWindow.length ? inWindow.at(-1).at - inWindow[0].at : 0;
console.log(`${path.basename(file)}: ${span.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy (${((100 * busy) / (span || 1)).toFixed(0)} %)`);
console.log(`\nself time, top ${TOP}:`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
console.log(`\nlongest stretches without an idle sample, top ${STRETCHES}:`);
for (const s of stretches.sort((a, b) => b.to - b.from - (a.to - a.from)).slice(0, STRETCHES)) {
  const parts = [...s.parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([n, ms]) => `${ms.toFixed(0)} ms ${n}`)
    .join('; ');
  console.log(`  ${(s.to - s.from).toFixed(0).padStart(6)} ms at ${(s.from / 1000).toFixed(1)} s: ${parts}`);
}
