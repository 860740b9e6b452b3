#!/usr/bin/env node
// Finds Hyperledger Fabric's binaries (peer, orderer, configtxgen, cryptogen, osnadmin) or builds them
// from the Go module proxy into the per-user cache, like scripts/ensure-temporal.mjs does for Temporal.
//
// Fabric's go.mod says `module github.com/hyperledger/fabric` (no /v2 suffix), so its v2.5.x tags are
// not valid Go versions: the proxy serves a release only as the pseudo-version of the tagged commit
// (v1.4.0-rc1.0.<commit time>-<commit>). Routes, newest release first:
//   1. `go install github.com/hyperledger/fabric/cmd/<tool>@<pseudo-version>`;
//   2. `go mod download` the module, copy it out of the read-only module cache and `go build` there
//      (route 1 fails when the proxy refuses the module's version list, which go install reads).
// The cache holds bin/ and config/ (Fabric's sampleconfig core.yaml + orderer.yaml), the layout of a
// Fabric release tarball. Nothing prebuilt is downloaded; the first build compiles Fabric (minutes).
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

/** go with its output in the build log, a progress line now and then, and go's messages in full on failure. */
async function runGo(args, opts, logFile) {
  const r = await runGoLogged(args, { ...opts, logFile, log });
  return { ok: r.ok, seconds: r.seconds, errors: r.errors, lastErr: r.errors.filter((l) => !/^go exited with code/.test(l)).at(-1) ?? '' };
}

const printErrors = (errors) => {
  for (const line of errors) process.stderr.write(`  ${line}\n`);
};

async function build(tag, pseudo) {
  const dir = fabricCacheDir(tag);
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, 'bin'), { recursive: true });
  const env = { ...process.env, GOFLAGS: '-mod=mod' };
  log(`trying Fabric ${tag} (${MODULE}@${pseudo}); a first build takes several minutes on 2 cores...`);
  const started = Date.now();
  const logFile = buildLogOf(`fabric-${tag}`);
  let r = await runGo(['install', ...FABRIC_TOOLS.map((t) => `${MODULE}/cmd/${t}@${pseudo}`)], { env: { ...env, GOBIN: join(tmp, 'bin') } }, logFile);
  const dl = spawnSync('go', ['mod', 'download', '-json', `${MODULE}@${pseudo}`], { encoding: 'utf8', env });
  let info = {};
  try {
    info = JSON.parse(dl.stdout || '{}');
  } catch {
    /* reported below */
  }
  if (!info.Dir || info.Error) {
    log(`go mod download ${MODULE}@${pseudo} failed: ${info.Error || dl.stderr.trim()}`);
    rmSync(tmp, { recursive: true, force: true });
    return null;
  }
  if (!r.ok) {
    log(`go install route failed (${r.lastErr}); building from the module source instead`);
    const src = join(cacheRoot(), 'build', `fabric-${tag}`);
    rmSync(src, { recursive: true, force: true });
    mkdirSync(join(cacheRoot(), 'build'), { recursive: true });
    cpSync(info.Dir, src, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', src]);
    r = await runGo(['build', '-o', join(tmp, 'bin') + '/', ...FABRIC_TOOLS.map((t) => `./cmd/${t}`)], { cwd: src, env }, buildLogOf(`fabric-${tag}-source`));
    if (r.ok) rmSync(src, { recursive: true, force: true });
  }
  if (!r.ok) {
    log(`building Fabric ${tag} failed:`);
    printErrors(r.errors);
    rmSync(tmp, { recursive: true, force: true });
    return null;
  }
  // The module source (read-only, in GOMODCACHE) carries the sample node configuration.
  mkdirSync(join(tmp, 'config'), { recursive: true });
  for (const f of ['core.yaml', 'orderer.yaml']) copyFileSync(join(info.Dir, 'sampleconfig', f), join(tmp, 'config', f));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(`built Fabric ${tag} in ${Math.round((Date.now() - started) / 1000)}s -> ${dir}`);
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
  for (const [tag, pseudo] of FABRIC_RELEASES) {
    const built = await build(tag, pseudo);
    if (built) return built;
  }
  throw new Error(`could not build Fabric (tried ${FABRIC_RELEASES.map(([t]) => t).join(', ')}); see the log above`);
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
