// Summarises a sampling heap profile (bench/lib/worker-process.cjs, BENCH_ALLOC_PROF): bytes allocated
// by package / file and by function (self), and the callers of the top functions.
// Usage: node bench/lib/alloc-summary.mjs <file.heapprofile> [top]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg) || 25;
const { head } = JSON.parse(readFileSync(file, 'utf8'));
const where = (cf) => {
  const u = cf.url || '';
  if (!u) return '(native)';
  const m = u.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (u.startsWith('node:')) return u;
  return u
    .replace(/^.*\/work\/[^/]+\//, '')
    .split('/')
    .slice(0, 3)
    .join('/');
};
const byPkg = new Map();
const byFn = new Map();
let total = 0;
(function walk(n, stack) {
  const self = n.selfSize || 0;
  total += self;
  const pkg = where(n.callFrame);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + self);
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${pkg}:${n.callFrame.lineNumber + 1}`;
  const e = byFn.get(fn) ?? { self: 0, callers: new Map() };
  e.self += self;
  // the nearest caller outside node's internals and the function's own package
  const caller = [...stack].reverse().find((c) => where(c) !== pkg && !where(c).startsWith('node:'));
  if (caller && self) {
    const k = `${caller.functionName || '(anonymous)'} ${where(caller)}:${caller.lineNumber + 1}`;
    e.callers.set(k, (e.callers.get(k) ?? 0) + self);
  }
  byFn.set(fn, e);
  for (const c of n.children ?? []) walk(c, [...stack, n.callFrame]);
})(head, []);
const mb = (b) => `${(b / 1048576).toFixed(1)} MB`;
const pct = (b) => `${((100 * b) / total).toFixed(1).padStart(5)} %`;
console.log(`sampled allocations: ${mb(total)}\n\nby package / file:`);
for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${mb(v).padStart(9)}  ${k}`);
console.log('\nby function (self), with its callers outside its package:');
for (const [k, v] of [...byFn].sort((a, b) => b[1].self - a[1].self).slice(0, top)) {
  console.log(`${pct(v.self)}  ${mb(v.self).padStart(9)}  ${k}`);
  for (const [c, b] of [...v.callers].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`           ${mb(b).padStart(9)}  < ${c}`);
}
