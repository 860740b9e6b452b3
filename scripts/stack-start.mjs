#!/usr/bin/env node
// `npm run stack:start`: the production shape on this machine, without Docker — a Postgres cluster of
// its own; the Temporal server built from source (`npm run stack:ensure`, cached by version) with its
// schemas on that Postgres (advanced visibility there too), its frontend, history, matching and
// internal-worker services as separate processes; the Temporal Web UI pointed at it; the namespace and
// the certificate search attributes; two worker processes; the API with API_PROCESSES=2.
// docker-compose.yml describes the same stack for Docker (held to it by server/src/compose.test.ts).
//
// Idempotent: a second run starts only what is not running (after a crash, or a kill in a test).
// Needs `npm run build` first. Mail: SMTP_URL (your relay) when set, else the dev mailbox.
//   --dir=<dir>         stack directory (default ./data/stack)
//   --base-port=<port>  every port from there on (default: app 3000, Temporal 7233, Web UI 8233, the rest 17300+)
//   --only=a,b          start only these components (names as in `npm run stack:stop`)
//   --owner-pid=<pid>   stop the whole stack when that process ends (tests)
//   --no-build          fail instead of building missing binaries
//   --json              print the addresses as JSON on stdout
import { startStack, defaultStackDir } from './stack/stack.mjs';

const arg = (name) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : undefined;
};
const log = (m) => process.stderr.write(`[stack] ${m}\n`);
startStack({
  dir: arg('dir') || defaultStackDir(),
  basePort: arg('base-port') ? Number(arg('base-port')) : undefined,
  only: arg('only')?.split(','),
  ownerPid: arg('owner-pid') ? Number(arg('owner-pid')) : undefined,
  build: !process.argv.includes('--no-build'),
  log,
}).then(
  (s) => {
    if (process.argv.includes('--json')) return process.stdout.write(JSON.stringify(s) + '\n');
    process.stdout.write(
      [
        `app            ${s.appUrl.replace('127.0.0.1', 'localhost')} (API_PROCESSES=2, 2 worker processes)`,
        `Temporal       ${s.temporalAddress} (server ${s.serverVersion}; frontend, history, matching, worker as processes)`,
        `Temporal UI    ${s.uiUrl.replace('127.0.0.1', 'localhost')} (ui-server ${s.uiVersion})`,
        `database       ${s.databaseUrl.replace(/:[^:@/]*@/, ':***@')} (password in ${s.dir}/stack.json)`,
        `mail           ${s.mail}`,
        `logs           ${s.dir}/logs/`,
        ...(process.env.SEED_DEMO_DATA === 'false' ? [] : [`demo logins    printed once, at the first start, in ${s.dir}/logs/api.log`]),
        'stop with      npm run stack:stop',
      ].join('\n') + '\n',
    );
  },
  (err) => {
    log(err.message);
    process.exit(1);
  },
);
