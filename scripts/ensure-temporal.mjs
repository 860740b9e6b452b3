#!/usr/bin/env node
// Finds the Temporal CLI (dev server + Web UI) or builds it from the Go module proxy.
//
// Order: $TEMPORAL_CLI, then the per-user cache keyed by version, then `temporal` on PATH (any
// version that answers), else `go install github.com/temporalio/cli/cmd/temporal@<version>` into the
// cache. No Temporal server comes from npm or apt, and nothing prebuilt may be downloaded, so the
// first build on a machine compiles the CLI (several minutes on 2 cores); later runs reuse it.
//
// Usage: node scripts/ensure-temporal.mjs [--soft] [--print]
//   --soft   never fail (used by npm postinstall); explain what to do instead
//   --print  print only the binary path on stdout (for scripts)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { runGoLogged } from './go-build.mjs';

export const TEMPORAL_VERSIONS = ['v1.5.1', 'v1.5.0', 'v1.4.1'];

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'grain-cert');
}

export function cachedBinary(version) {
  return join(cacheRoot(), `temporal-${version}`, 'temporal');
}

function works(bin) {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The path of a usable Temporal CLI, or null without building anything. */
export function findTemporal() {
  if (process.env.TEMPORAL_CLI && works(process.env.TEMPORAL_CLI)) return process.env.TEMPORAL_CLI;
  for (const v of TEMPORAL_VERSIONS) {
    const bin = cachedBinary(v);
    if (existsSync(bin) && works(bin)) return bin;
  }
  const onPath = spawnSync('sh', ['-c', 'command -v temporal'], { encoding: 'utf8' }).stdout.trim();
  if (onPath && works(onPath)) return onPath;
  return null;
}

function log(msg) {
  process.stderr.write(`[temporal] ${msg}\n`);
}

/** The log of a build of `version`: kept beside the cache, so a failed first install can be read later. */
export const buildLogOf = (name) => join(cacheRoot(), 'logs', `${name}-build.log`);

async function goInstall(version) {
  const dir = join(cacheRoot(), `temporal-${version}`);
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  log(`building the Temporal CLI ${version} from the Go module proxy (first time only; several minutes)`);
  const r = await runGoLogged(['install', `github.com/temporalio/cli/cmd/temporal@${version}`], {
    env: { ...process.env, GOBIN: tmp, GOFLAGS: process.env.GOFLAGS || '-mod=mod' },
    logFile: buildLogOf(`temporal-${version}`),
    log,
  });
  if (r.ok && existsSync(join(tmp, 'temporal'))) {
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    log(`built ${version} in ${r.seconds} s -> ${join(dir, 'temporal')}`);
    return join(dir, 'temporal');
  }
  log(`building ${version} failed after ${r.seconds} s:`);
  for (const line of r.errors) process.stderr.write(`  ${line}\n`);
  return null;
}

export async function ensureTemporal() {
  const found = findTemporal();
  if (found) return found;
  const hasGo = spawnSync('go', ['version']).status === 0;
  if (!hasGo) {
    throw new Error(
      'The Temporal CLI was not found and Go is not installed to build it. Install Go (https://go.dev/dl) ' +
        'and run `npm run temporal:ensure`, or put a `temporal` binary on PATH, or set TEMPORAL_CLI=/path/to/temporal, ' +
        'or point the system at an existing server with TEMPORAL_ADDRESS=host:7233.',
    );
  }
  for (const v of TEMPORAL_VERSIONS) {
    const bin = await goInstall(v);
    if (bin) return bin;
  }
  throw new Error(`could not build the Temporal CLI (tried ${TEMPORAL_VERSIONS.join(', ')}); see the log above`);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const soft = process.argv.includes('--soft');
  const print = process.argv.includes('--print');
  if (soft && process.env.TEMPORAL_ADDRESS) {
    log('TEMPORAL_ADDRESS is set; not building the dev server');
    process.exit(0);
  }
  ensureTemporal().then(
    (bin) => {
      if (print) process.stdout.write(bin + '\n');
      else log(`using ${bin} (${works(bin)?.split('\n')[0]})`);
    },
    (err) => {
      log(err.message);
      process.exit(soft ? 0 : 1);
    },
  );
}
