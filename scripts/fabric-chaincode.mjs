// The grain quality contract (fabric/chaincode) as an external chaincode service ("chaincode as a
// service"): the peer's package holds only connection.json (where the chaincode server listens); the
// chaincode runs as our own Node process, and the peer dials it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CC_DIR = path.join(ROOT, 'fabric/chaincode');
export const CC_NAME = 'grainquality';
export const CC_VERSION = '1.0';
const CHANNEL = 'grainquality';

function newest(dir) {
  let t = 0;
  for (const f of readdirSync(dir, { recursive: true })) t = Math.max(t, statSync(path.join(dir, String(f))).mtimeMs);
  return t;
}

/** Installs the chaincode's own dependencies (it is not a workspace) and compiles it when stale. */
export function ensureChaincodeBuilt(log) {
  if (!existsSync(path.join(CC_DIR, 'node_modules/fabric-contract-api'))) {
    log('installing the chaincode dependencies (fabric-contract-api, fabric-shim) in fabric/chaincode...');
    const r = spawnSync('npm', [existsSync(path.join(CC_DIR, 'package-lock.json')) ? 'ci' : 'install', '--no-workspaces', '--no-audit', '--no-fund'], {
      cwd: CC_DIR,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('npm install in fabric/chaincode failed');
  }
  const dist = path.join(CC_DIR, 'dist/index.js');
  if (!existsSync(dist) || statSync(dist).mtimeMs < newest(path.join(CC_DIR, 'src'))) {
    log('compiling the chaincode (TypeScript)...');
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(CC_DIR, 'tsconfig.json')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('compiling fabric/chaincode failed');
  }
}

/** The ccaas package: metadata.json + code.tar.gz(connection.json), as `peer lifecycle` expects. */
function packageCcaas(address) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'grain-ccaas-'));
  writeFileSync(path.join(work, 'connection.json'), JSON.stringify({ address, dial_timeout: '10s', tls_required: false }));
  writeFileSync(path.join(work, 'metadata.json'), JSON.stringify({ type: 'ccaas', label: `${CC_NAME}_${CC_VERSION}` }));
  const tar = (args) => {
    const r = spawnSync('tar', args, { cwd: work, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tar ${args.join(' ')}: ${r.stderr}`);
  };
  tar(['-czf', 'code.tar.gz', 'connection.json']);
  tar(['-czf', `${CC_NAME}.tgz`, 'metadata.json', 'code.tar.gz']);
  return { file: path.join(work, `${CC_NAME}.tgz`), cleanup: () => rmSync(work, { recursive: true, force: true }) };
}

async function retry(what, fn, log, attempts = 20) {
  for (let i = 1; ; i++) {
    try {
      return fn();
    } catch (e) {
      if (i >= attempts) throw e;
      if (i === 1 || i % 5 === 0) log(`${what} not ready yet (${e.message.split('\n').pop()}); retrying`);
      await new Promise((r) => setTimeout(r, 1500));
    }
  }
}

/**
 * Install (once), start the chaincode server (whenever not running), approve + commit (once).
 * `state` is network.json; `run(bin, args, env, what)` throws on a failed command.
 */
export async function deployChaincode({ dir, state, save, log, run, env, startChaincode }) {
  const peer = path.join(state.binDir, 'peer');
  const ports = { orderer: state.basePort, chaincode: state.basePort + 6 };
  if (!state.packageId) {
    log(`installing chaincode ${CC_NAME} ${CC_VERSION} as an external service (127.0.0.1:${ports.chaincode})...`);
    const pkg = packageCcaas(`127.0.0.1:${ports.chaincode}`);
    try {
      const id = run(peer, ['lifecycle', 'chaincode', 'calculatepackageid', pkg.file], env, 'calculatepackageid').trim().split('\n')[0].trim();
      await retry('peer lifecycle install', () => run(peer, ['lifecycle', 'chaincode', 'install', pkg.file], env, 'peer lifecycle chaincode install'), log);
      state.packageId = id;
      save();
    } finally {
      pkg.cleanup();
    }
  }
  await startChaincode();
  if (!state.committed) {
    const ordererCa = path.join(dir, 'crypto/ordererOrganizations/orderer.grain.local/orderers/orderer0.orderer.grain.local/tls/ca.crt');
    const common = [
      '--channelID',
      CHANNEL,
      '--name',
      CC_NAME,
      '--version',
      CC_VERSION,
      '--sequence',
      '1',
      '-o',
      `127.0.0.1:${ports.orderer}`,
      '--tls',
      '--cafile',
      ordererCa,
    ];
    log('approving and committing the chaincode definition on the channel...');
    // The first transaction waits for the single-node Raft cluster to elect itself leader.
    await retry(
      'approveformyorg',
      () => run(peer, ['lifecycle', 'chaincode', 'approveformyorg', ...common, '--package-id', state.packageId], env, 'approveformyorg'),
      log,
    );
    const peerTls = ['--peerAddresses', env.CORE_PEER_ADDRESS, '--tlsRootCertFiles', env.CORE_PEER_TLS_ROOTCERT_FILE];
    await retry('commit', () => run(peer, ['lifecycle', 'chaincode', 'commit', ...common, ...peerTls], env, 'commit'), log);
    state.committed = true;
    save();
  }
}
