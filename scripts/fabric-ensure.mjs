#!/usr/bin/env node
// Finds Hyperledger Fabric's binaries (peer, orderer, configtxgen, cryptogen, osnadmin) or builds them
// from the Go module proxy into the per-user cache, like scripts/ensure-temporal.mjs does for Temporal.
//
// Fabric's go.mod says `module github.com/hyperledger/fabric` (no /v2 suffix), so its v2.5.x tags are
// not valid Go versions: the proxy serves a release only as the pseudo-version of the tagged commit
// (v1.4.0-rc1.0.<commit time>-<commit>), and refuses some of them ("403 ... This module version is not
// available"). So the releases are probed quietly, newest first, with `go mod download` (which fetches
// the module's source, needed for the build anyway), and the first one served is built: one line says
// which and why. It is built with `go build` in a copy of its source outside the read-only module
// cache (`go install <cmd>@<version>` cannot be used: it reads the module's version list, which the
// proxy refuses for this module). The cache holds bin/ and config/ (Fabric's sampleconfig core.yaml +
// orderer.yaml), the layout of a Fabric release tarball. Nothing prebuilt is downloaded; the first
// build compiles Fabric (minutes). The terminal gets the log's path and progress; go's messages in full
// only when the build fails, and every release's refusal in full only when none is served.
//
// Usage: node scripts/fabric-ensure.mjs [--print] [--find]
//   --print  print only the cache directory on stdout
//   --find   never build; exit 1 when the binaries are not in the cache
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildLogOf, cacheRoot } from './ensure-temporal.mjs';
import { runGoLogged } from './go-build.mjs';

const MODULE = 'github.com/hyperledger/fabric';
/** Fabric releases, newest first, with the pseudo-version of the tagged commit. */
export const FABRIC_RELEASES = [
  ['v2.5.16', 'v1.4.0-rc1.0.20260617221605-f871cf92a026'],
  ['v2.5.15', 'v1.4.0-rc1.0.20260223074129-83c7930b3ea7'],
  ['v2.5.14', 'v1.4.0-rc1.0.20251012211716-24767bad4dda'],
  ['v2.5.13', 'v1.4.0-rc1.0.20250429034740-0fcc97e57d34'],
  ['v2.5.12', 'v1.4.0-rc1.0.20250310155219-af0b647fc99b'],
  ['v2.5.11', 'v1.4.0-rc1.0.20250131204154-faaaaa8caf73'],
  ['v2.5.10', 'v1.4.0-rc1.0.20240920064138-1a81040fedf7'],
  ['v2.5.9', 'v1.4.0-rc1.0.20240618194258-7c3876255bf0'],
];
export const FABRIC_TOOLS = ['peer', 'orderer', 'configtxgen', 'cryptogen', 'osnadmin'];

export function fabricCacheDir(tag) {
  return join(cacheRoot(), `fabric-${tag}`);
}

function complete(dir) {
  return (
    FABRIC_TOOLS.every((t) => existsSync(join(dir, 'bin', t))) &&
    existsSync(join(dir, 'config', 'core.yaml')) &&
    existsSync(join(dir, 'config', 'orderer.yaml'))
  );
}

/** { dir, tag } of a complete cached build ($FABRIC_HOME first), or null without building anything. */
export function findFabric() {
  if (process.env.FABRIC_HOME && complete(process.env.FABRIC_HOME)) return { dir: process.env.FABRIC_HOME, tag: 'FABRIC_HOME' };
  for (const [tag] of FABRIC_RELEASES) {
    const dir = fabricCacheDir(tag);
    if (complete(dir)) return { dir, tag };
  }
  return null;
}

function log(msg) {
  process.stderr.write(`[fabric] ${msg}\n`);
}

const printErrors = (errors) => {
  for (const line of errors) process.stderr.write(`  ${line}\n`);
};

/** `go mod download` of a release: the directory of its source in the module cache, or go's answer why not. */
function probe(pseudo, env) {
  const dl = spawnSync('go', ['mod', 'download', '-json', `${MODULE}@${pseudo}`], { encoding: 'utf8', env });
  let info = {};
  try {
    info = JSON.parse(dl.stdout || '{}');
  } catch {
    /* no JSON: go's stderr says why */
  }
  if (info.Dir && !info.Error && dl.status === 0) return { dir: info.Dir };
  return { error: (info.Error || dl.stderr || dl.error?.message || `go mod download exited with code ${dl.status}`).trim() };
}

/** The last line of go's answer, which says why ("This module version is not available."), unquoted. */
const reasonOf = (error) =>
  error
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1)
    .replace(/^server response:\s*/, '')
    .replace(/\.$/, '');

/** "v2.5.16 to v2.5.10: "This module version is not available"", one group per distinct reason. */
function refusedText(refused) {
  const groups = new Map();
  for (const r of refused) groups.set(reasonOf(r.error), [...(groups.get(reasonOf(r.error)) ?? []), r.tag]);
  return [...groups].map(([reason, tags]) => `${tags.length > 1 ? `${tags[0]} to ${tags.at(-1)}` : tags[0]}: "${reason}"`).join('; ');
}

async function build(tag, moduleDir, env) {
  const dir = fabricCacheDir(tag);
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, 'bin'), { recursive: true });
  const started = Date.now();
  const src = join(cacheRoot(), 'build', `fabric-${tag}`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(join(cacheRoot(), 'build'), { recursive: true });
  cpSync(moduleDir, src, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', src]);
  const r = await runGoLogged(['build', '-o', join(tmp, 'bin') + '/', ...FABRIC_TOOLS.map((t) => `./cmd/${t}`)], {
    cwd: src,
    env,
    logFile: buildLogOf(`fabric-${tag}`),
    log,
  });
  if (!r.ok) {
    log(`building Fabric ${tag} failed:`);
    printErrors(r.errors);
    rmSync(tmp, { recursive: true, force: true });
    return null;
  }
  rmSync(src, { recursive: true, force: true });
  // The module source (read-only, in GOMODCACHE) carries the sample node configuration.
  mkdirSync(join(tmp, 'config'), { recursive: true });
  for (const f of ['core.yaml', 'orderer.yaml']) copyFileSync(join(moduleDir, 'sampleconfig', f), join(tmp, 'config', f));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(`built Fabric ${tag} in ${Math.round((Date.now() - started) / 1000)} s -> ${dir}`);
  return { dir, tag };
}

export async function ensureFabric() {
  const found = findFabric();
  if (found) return found;
  if (spawnSync('go', ['version']).status !== 0) {
    throw new Error(
      'Fabric binaries are not in the cache and Go is not installed to build them. Install Go (https://go.dev/dl) and run `npm run fabric:ensure`, or set FABRIC_HOME to a directory with bin/ and config/ from a Fabric release.',
    );
  }
  const env = { ...process.env, GOFLAGS: '-mod=mod' };
  const refused = [];
  for (const [tag, pseudo] of FABRIC_RELEASES) {
    const found = probe(pseudo, env);
    if (found.error) {
      refused.push({ tag, pseudo, error: found.error });
      continue;
    }
    const why = refused.length ? ` (${refusedText(refused)})` : '';
    log(`building Fabric ${tag}, the newest v2.5 release the Go module proxy serves${why}; the first build takes about 6 minutes on 2 cores`);
    const built = await build(tag, found.dir, env);
    if (!built) throw new Error(`Fabric ${tag} did not build; go's messages are above`);
    return built;
  }
  log('the Go module proxy serves none of the Fabric v2.5 releases tried:');
  for (const r of refused) printErrors([`${r.tag} (${MODULE}@${r.pseudo}): ${r.error}`]);
  throw new Error('no Fabric release to build; set FABRIC_HOME to a directory with bin/ and config/ from a Fabric release');
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const print = process.argv.includes('--print');
  const run = process.argv.includes('--find') ? Promise.resolve(findFabric()) : ensureFabric();
  run.then(
    (found) => {
      if (!found) {
        log('Fabric binaries are not in the cache; build them with `npm run fabric:ensure`');
        process.exit(1);
      }
      if (print) process.stdout.write(found.dir + '\n');
      else log(`using Fabric ${found.tag} in ${found.dir}`);
    },
    (err) => {
      log(err.message);
      process.exit(1);
    },
  );
}
