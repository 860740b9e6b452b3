#!/usr/bin/env node
// `npm run fabric:start`: builds Fabric if needed, then starts the local network (orderer, peer,
// chaincode service) in ./data/fabric or --dir, on ports from --base-port (default 17050, 7 ports).
// Idempotent: a second run starts only what is not running (e.g. after a peer crash).
// Prints the LEDGER=fabric connection settings; --json prints them as JSON on stdout.
import { startNetwork, defaultNetworkDir } from './fabric-network.mjs';

const arg = (name) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : undefined;
};
const json = process.argv.includes('--json');
const log = (m) => process.stderr.write(`[fabric] ${m}\n`);
startNetwork({
  dir: arg('dir') || defaultNetworkDir(),
  basePort: arg('base-port') ? Number(arg('base-port')) : undefined,
  build: !process.argv.includes('--no-build'),
  log,
}).then(
  ({ env }) => {
    if (json) process.stdout.write(JSON.stringify(env) + '\n');
    else for (const [k, v] of Object.entries(env)) process.stdout.write(`${k}=${v}\n`);
  },
  (err) => {
    log(err.message);
    process.exit(1);
  },
);
