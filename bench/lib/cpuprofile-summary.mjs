#!/usr/bin/env node
// Where a process's CPU went, from a node --cpu-prof file: self time per package / file and the
// top functions, and inclusive time of the functions whose name matches --focus (a regex).
//   node bench/lib/cpuprofile-summary.mjs <file.cpuprofile> [--top=25] [--focus=regex]
import { readFileSync } from 'node:fs';
import process from 'node:process';
import console from 'node:console';

const [file, ...rest] = process.argv.slice(2);
const opt = (n, d) => rest.find((a) => a.startsWith(`--${n}=`))?.split('=')[1] ?? d;
const top = Number(opt('top', 25));
const focus = opt('focus', null);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const where = (cf) => {
  const u = cf.url || '';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (m) return m[1];
  if (u.startsWith('node:')) return u;
  if (/\/(api|persistence|domain|server|adapters)\/dist\//.test(u)) return u.replace(/.*\/(\w+)\/dist\//, '$1/');
  if (!u) return cf.functionName.startsWith('(') ? cf.functionName : '(native)';
  return u.replace(/.*\//, '');
};
let total = 0;
let idle = 0;
const byWhere = new Map();
const byFn = new Map();
for (const [id, t] of dt) {
  const n = byId.get(id);
  const cf = n.callFrame;
  total += t;
  if (cf.functionName === '(idle)') {
    idle += t;
    continue;
  }
  const w = where(cf);
  byWhere.set(w, (byWhere.get(w) ?? 0) + t);
  const k = `${cf.functionName || '(anonymous)'} ${w}:${cf.lineNumber + 1}`;
  byFn.set(k, (byFn.get(k) ?? 0) + t);
}
const busy = total - idle;
const pct = (t) => `${((100 * t) / busy).toFixed(1)} %`;
console.log(`sampled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %)`);
console.log('\nself time by package / file (share of busy time):');
for (const [k, t] of [...byWhere].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t).padStart(7)}  ${k}`);
console.log('\nself time by function:');
for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t).padStart(7)}  ${k}`);
if (focus) {
  const re = new RegExp(focus);
  const incl = new Map();
  for (const [id, t] of dt) {
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const cf = byId.get(x).callFrame;
      const k = `${cf.functionName || '(anonymous)'} ${where(cf)}:${cf.lineNumber + 1}`;
      if (re.test(k) && !seen.has(k)) {
        seen.add(k);
        incl.set(k, (incl.get(k) ?? 0) + t);
      }
    }
  }
  console.log(`\ninclusive time of functions matching /${focus}/:`);
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t).padStart(7)}  ${k}`);
}
