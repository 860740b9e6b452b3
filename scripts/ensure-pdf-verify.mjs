#!/usr/bin/env node
// Finds or builds the independent PDF signature validator the one verification script runs beside pdfsig:
// the `pdfsign` CLI of github.com/digitorus/pdfsign (its `verify` command: the CMS signature over the
// ByteRange, the signer's chain to the trust roots, the RFC 3161 signature timestamp and its TSA's chain,
// and the embedded revocation data). pyHanko (the issue's choice) comes only from PyPI, which this
// machine cannot reach; the Go module proxy can, so the validator is built from it the way the Temporal
// CLI is, into ~/.cache/grain-cert/pdfsign-<version>/pdf-verify, once per machine (well under a minute),
// reused after. Nothing prebuilt is downloaded. It is built from tools/pdf-verify (a main that only runs
// pdfsign's own verify command; go.mod/go.sum pin the version) because the proxy refuses
// `go install github.com/digitorus/pdfsign@<pseudo-version>` (its version list answers 403).
//
// Usage: node scripts/ensure-pdf-verify.mjs [--soft] [--print]
//   --soft   never fail; say what to do instead
//   --print  print only the binary path on stdout
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGoLogged } from './go-build.mjs';
import { buildLogOf, cacheRoot } from './ensure-temporal.mjs';

/** The module and its pinned pseudo-version (the proxy serves it; an unpinned `go get` is refused). */
export const PDFSIGN_MODULE = 'github.com/digitorus/pdfsign';
export const PDFSIGN_VERSION = 'v0.0.0-20250819064552-5f74f69dda1d';

const dirOf = () => join(cacheRoot(), `pdfsign-${PDFSIGN_VERSION}`);
export const pdfsignBinary = () => join(dirOf(), 'pdf-verify');
const source = fileURLToPath(new URL('../tools/pdf-verify', import.meta.url));

const log = (msg) => process.stderr.write(`[pdfsign] ${msg}\n`);
const works = (bin) => existsSync(bin) && spawnSync(bin, [], { encoding: 'utf8' }).status === 2;

/** The validator's path: $PDFSIGN_CLI, else the cached build; null when neither is there. */
export function findPdfsign() {
  if (process.env.PDFSIGN_CLI && works(process.env.PDFSIGN_CLI)) return process.env.PDFSIGN_CLI;
  return works(pdfsignBinary()) ? pdfsignBinary() : null;
}

export async function ensurePdfsign() {
  const found = findPdfsign();
  if (found) return found;
  if (spawnSync('go', ['version']).status !== 0)
    throw new Error('the PDF validator (pdfsign) is not built and Go is not installed to build it; install Go, or set PDFSIGN_CLI=/path/to/pdfsign');
  const dir = dirOf();
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  log(`building ${PDFSIGN_MODULE}@${PDFSIGN_VERSION} from the Go module proxy (first time only)`);
  const r = await runGoLogged(['build', '-o', join(tmp, 'pdf-verify'), '.'], {
    cwd: source,
    env: { ...process.env, GOFLAGS: process.env.GOFLAGS || '-mod=mod' },
    logFile: buildLogOf(`pdfsign-${PDFSIGN_VERSION}`),
    log,
  });
  if (!r.ok || !existsSync(join(tmp, 'pdf-verify'))) {
    for (const line of r.errors) process.stderr.write(`  ${line}\n`);
    throw new Error(`building pdfsign failed after ${r.seconds} s (log: ${buildLogOf(`pdfsign-${PDFSIGN_VERSION}`)})`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(`built in ${r.seconds} s -> ${pdfsignBinary()}`);
  return pdfsignBinary();
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const soft = process.argv.includes('--soft');
  const print = process.argv.includes('--print');
  ensurePdfsign().then(
    (bin) => {
      if (print) process.stdout.write(bin + '\n');
      else log(`using ${bin}`);
    },
    (err) => {
      log(err.message);
      process.exit(soft ? 0 : 1);
    },
  );
}
