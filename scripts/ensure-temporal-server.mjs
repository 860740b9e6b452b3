#!/usr/bin/env node
// Finds the Temporal cluster binaries or builds them from the Go module proxy, like
// scripts/ensure-temporal.mjs does for the dev-server CLI:
//   temporal-server     go.temporal.io/server/cmd/server            (frontend, history, matching, worker)
//   temporal-sql-tool   go.temporal.io/server/cmd/tools/sql          (creates and upgrades the schemas)
//   temporal-ui-server  github.com/temporalio/ui-server/v2/cmd/server (the Web UI, assets embedded)
// The server module also carries what the official images ship beside the binaries: the config
// template the `temporalio/server` image renders from its environment (config/docker.yaml) and the
// Postgres schemas (schema/postgresql/v12); the UI module carries the `temporalio/ui` image's template.
// Both are copied into the cache so a stack runs from the cache alone, exactly as the images do.
//
// The CLI's dev server embeds the same UI server, but it always points it at its own in-process
// frontend (cli temporalcli/devserver/server.go builds TemporalGRPCAddress from its own IP and port),
// so a cluster needs the UI server built on its own.
//
// Versions: the server the CLI v1.5.1 embeds (1.29.1) and its UI (2.42.1); neither module has a
// `replace` directive, so `go install module@version` builds them. Nothing prebuilt is downloaded;
// the first build compiles the server (minutes on 2 cores), later runs reuse the cache.
//
// Usage: node scripts/ensure-temporal-server.mjs [--print] [--find]
//   --print  print only the JSON of the paths on stdout
//   --find   never build; exit 1 when the cache lacks a complete build
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from './ensure-temporal.mjs';

export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
export const TEMPORAL_UI_VERSION = 'v2.42.1';
const SERVER_MODULE = 'go.temporal.io/server';
const UI_MODULE = 'github.com/temporalio/ui-server/v2';

export function serverCacheDir(version = TEMPORAL_SERVER_VERSION) {
  return join(cacheRoot(), `temporal-server-${version}`);
}
export function uiCacheDir(version = TEMPORAL_UI_VERSION) {
  return join(cacheRoot(), `temporal-ui-server-${version}`);
}

/** Where each piece lives inside the caches (the layout of the official images). */
export function stackPaths() {
  const server = serverCacheDir();
  const ui = uiCacheDir();
  return {
    serverVersion: TEMPORAL_SERVER_VERSION,
    uiVersion: TEMPORAL_UI_VERSION,
    server: join(server, 'bin', 'temporal-server'),
    sqlTool: join(server, 'bin', 'temporal-sql-tool'),
    serverRoot: server, // config/docker.yaml under it, like /etc/temporal in the image
    schemaDir: join(server, 'schema', 'postgresql', 'v12'),
    uiServer: join(ui, 'bin', 'temporal-ui-server'),
    uiRoot: ui, // config/docker.yaml under it, like /home/ui-server in the image
  };
}

function serverComplete(dir) {
  return [
    'bin/temporal-server',
    'bin/temporal-sql-tool',
    'config/docker.yaml',
    'schema/postgresql/v12/temporal/versioned',
    'schema/postgresql/v12/visibility/versioned',
  ].every((p) => existsSync(join(dir, p)));
}
function uiComplete(dir) {
  return existsSync(join(dir, 'bin', 'temporal-ui-server')) && existsSync(join(dir, 'config', 'docker.yaml'));
}

/** The paths when both caches are complete, else null; builds nothing. */
export function findTemporalStack() {
  return serverComplete(serverCacheDir()) && uiComplete(uiCacheDir()) ? stackPaths() : null;
}

function log(msg) {
  process.stderr.write(`[temporal-server] ${msg}\n`);
}

/** Runs go with a progress line every 15 s instead of `-x`'s flood of compile steps. */
function runGo(args, opts) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('go', args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'] });
    let packages = 0;
    let lastErr = '';
    const tick = setInterval(() => log(`... ${Math.round((Date.now() - started) / 1000)}s, ${packages} packages compiled`), 15000);
    child.stderr.on('data', (buf) => {
      const text = buf.toString();
      packages += (text.match(/\/compile /g) || []).length;
      for (const line of text.split('\n')) {
        if ((line.startsWith('go: ') && !line.startsWith('go: downloading')) || /^[^\s#][^\s]*\.go:\d+(:\d+)?: /.test(line)) {
          lastErr = line;
          log(line);
        }
      }
    });
    child.on('close', (code) => {
      clearInterval(tick);
      resolve({ ok: code === 0, lastErr, seconds: Math.round((Date.now() - started) / 1000) });
    });
    child.on('error', (err) => {
      clearInterval(tick);
      resolve({ ok: false, lastErr: err.message, seconds: 0 });
    });
  });
}

/** The module's source directory in the (read-only) Go module cache, downloading it if needed. */
function moduleDir(module, version) {
  const r = spawnSync('go', ['mod', 'download', '-json', `${module}@${version}`], { encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } });
  try {
    const info = JSON.parse(r.stdout || '{}');
    if (info.Dir && !info.Error) return info.Dir;
    log(`go mod download ${module}@${version}: ${info.Error || r.stderr.trim()}`);
  } catch {
    log(`go mod download ${module}@${version}: ${r.stderr.trim()}`);
  }
  return null;
}

/** go install of `pkgs` into tmp/bin, renamed by `names`, plus files copied out of the module; then an atomic rename. */
async function build({ dir, module, version, pkgs, names, copies }) {
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, 'bin'), { recursive: true });
  log(`building ${pkgs.map((p) => `${p}@${version}`).join(' ')} with go install (first time only; takes several minutes on 2 cores)...`);
  const r = await runGo(['install', '-x', ...pkgs.map((p) => `${p}@${version}`)], {
    env: { ...process.env, GOBIN: join(tmp, 'bin'), GOFLAGS: process.env.GOFLAGS || '-mod=mod' },
  });
  const src = r.ok ? moduleDir(module, version) : null;
  if (!r.ok || !src) {
    log(`building ${module}@${version} failed: ${r.lastErr}`);
    rmSync(tmp, { recursive: true, force: true });
    return false;
  }
  for (const [from, to] of Object.entries(names)) renameSync(join(tmp, 'bin', from), join(tmp, 'bin', to));
  for (const [from, to] of copies) cpSync(join(src, from), join(tmp, to), { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', tmp]); // module-cache files are read-only; keep the cache removable
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(`built ${module}@${version} in ${r.seconds}s -> ${dir}`);
  return true;
}

export async function ensureTemporalStack() {
  const found = findTemporalStack();
  if (found) return found;
  if (spawnSync('go', ['version']).status !== 0) {
    throw new Error(
      'The Temporal server binaries are not in the cache and Go is not installed to build them. Install Go (https://go.dev/dl) ' +
        'and run `npm run stack:ensure`, or run the stack from docker-compose.yml, or point the app at an existing cluster with TEMPORAL_ADDRESS=host:7233.',
    );
  }
  if (!serverComplete(serverCacheDir())) {
    const ok = await build({
      dir: serverCacheDir(),
      module: SERVER_MODULE,
      version: TEMPORAL_SERVER_VERSION,
      pkgs: [`${SERVER_MODULE}/cmd/server`, `${SERVER_MODULE}/cmd/tools/sql`],
      names: { server: 'temporal-server', sql: 'temporal-sql-tool' },
      copies: [
        ['config/docker.yaml', 'config/docker.yaml'],
        ['schema/postgresql/v12', 'schema/postgresql/v12'],
      ],
    });
    if (!ok) throw new Error(`could not build the Temporal server ${TEMPORAL_SERVER_VERSION}; see the log above`);
  }
  if (!uiComplete(uiCacheDir())) {
    const ok = await build({
      dir: uiCacheDir(),
      module: UI_MODULE,
      version: TEMPORAL_UI_VERSION,
      pkgs: [`${UI_MODULE}/cmd/server`],
      names: { server: 'temporal-ui-server' },
      copies: [['config/docker.yaml', 'config/docker.yaml']],
    });
    if (!ok) throw new Error(`could not build the Temporal UI server ${TEMPORAL_UI_VERSION}; see the log above`);
  }
  return stackPaths();
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const print = process.argv.includes('--print');
  const run = process.argv.includes('--find') ? Promise.resolve(findTemporalStack()) : ensureTemporalStack();
  run.then(
    (paths) => {
      if (!paths) {
        log('the Temporal server binaries are not in the cache; build them with `npm run stack:ensure`');
        process.exit(1);
      }
      if (print) process.stdout.write(JSON.stringify(paths) + '\n');
      else log(`using Temporal server ${paths.serverVersion} in ${paths.serverRoot} and UI ${paths.uiVersion} in ${paths.uiRoot}`);
    },
    (err) => {
      log(err.message);
      process.exit(1);
    },
  );
}
