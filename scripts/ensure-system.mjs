#!/usr/bin/env node
// Makes sure the system packages the project runs on are present: Chromium (PDFs, browser tests),
// docker-compose (validates the production compose file in the tests), xmllint (the SPS e-Cert XML's schema
// check) and PostgreSQL server binaries
// (tests that need two processes on one database start a throwaway cluster). On Debian as root they
// are installed with apt-get; otherwise the script says what to install.
//
// Usage: node scripts/ensure-system.mjs [--soft] [--for=start|test]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const soft = process.argv.includes('--soft');
const purpose = (process.argv.find((a) => a.startsWith('--for=')) ?? '--for=test').slice(6);
const log = (m) => process.stderr.write(`[system] ${m}\n`);

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

const wanted = [
  { pkg: 'chromium', ok: () => has('chromium') || has('chromium-browser') || !!process.env.CHROMIUM_PATH, for: ['start', 'test'] },
  { pkg: 'fonts-liberation', ok: () => existsSync('/usr/share/fonts/truetype/liberation'), for: ['start', 'test'] },
  { pkg: 'docker-compose', ok: () => has('docker-compose'), for: ['test'] },
  { pkg: 'postgresql', ok: hasPostgres, for: ['test'] },
  // pdftotext / pdftoppm: the certificate PDF test reads the rendered certificate back as text.
  { pkg: 'poppler-utils', ok: () => has('pdftotext'), for: ['test'] },
  // certutil: the seal test follows the buyer's steps of docs/verifying-a-certificate.md (trust the company CA).
  { pkg: 'libnss3-tools', ok: () => has('certutil'), for: ['test'] },
  // xmllint: the SPS e-Cert XML test and the verification script validate the certificate's XML against its schema.
  { pkg: 'libxml2-utils', ok: () => has('xmllint'), for: ['test'] },
  // openssl: the verification script checks the company CA's CRL (scripts/verify-credential.mjs).
  { pkg: 'openssl', ok: () => has('openssl'), for: ['test'] },
];
const missing = wanted.filter((w) => w.for.includes(purpose) && !w.ok()).map((w) => w.pkg);
if (missing.length === 0) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (!isRoot || !has('apt-get') || process.env.GRAIN_NO_APT) {
  log(`missing system packages: ${missing.join(' ')}`);
  log(`install them with: sudo apt-get install --no-install-recommends ${missing.join(' ')}`);
  process.exit(soft ? 0 : 1);
}
log(`installing ${missing.join(' ')} with apt-get (first time only)...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', '--no-install-recommends', ...missing],
]) {
  const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) {
    log(`apt-get ${args[0]} failed (exit ${r.status})`);
    process.exit(soft ? 0 : 1);
  }
}
log('done');
