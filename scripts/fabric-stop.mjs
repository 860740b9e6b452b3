#!/usr/bin/env node
// `npm run fabric:stop`: stops the processes fabric-start.mjs started (by their recorded pids).
// --dir=<network dir>  --only=peer[,orderer,chaincode]  --clean (also delete the network directory)
import { rmSync } from 'node:fs';
import { COMPONENTS, defaultNetworkDir, stopNetwork } from './fabric-network.mjs';

const arg = (name) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : undefined;
};
const dir = arg('dir') || defaultNetworkDir();
const only = arg('only') ? arg('only').split(',') : COMPONENTS;
const stopped = await stopNetwork({ dir, only });
process.stderr.write(`[fabric] ${stopped.length ? `stopped ${stopped.join(', ')}` : 'nothing was running'} (${dir})\n`);
if (process.argv.includes('--clean')) {
  rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`[fabric] removed ${dir}\n`);
}
