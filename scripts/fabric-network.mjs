// The local Fabric network as plain processes on loopback: one Raft orderer, one peer, and the grain
// quality contract as an external chaincode service. Used by fabric-start.mjs / fabric-stop.mjs and
// by `npm start` with LEDGER=fabric. Everything lives in one directory (default ./data/fabric):
// crypto material, channel block, node config, ledgers, logs, pids.json and network.json (what is
// done already, so a second start only starts what is not running).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFabric, findFabric } from './fabric-ensure.mjs';
import { deployChaincode, ensureChaincodeBuilt } from './fabric-chaincode.mjs';
import { runsCommand } from './own-process.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHANNEL = 'grainquality';
export const CHAINCODE = 'grainquality';
export const COMPONENTS = ['orderer', 'peer', 'chaincode'];

export function defaultNetworkDir() {
  return path.resolve(process.env.FABRIC_NETWORK_DIR || path.join(process.env.DATA_DIR || path.join(ROOT, 'data'), 'fabric'));
}

export function portsFrom(base) {
  return { orderer: base, ordererAdmin: base + 1, ordererOps: base + 2, peer: base + 3, peerChaincode: base + 4, peerOps: base + 5, chaincode: base + 6 };
}

/** Paths of the material cryptogen writes (see fabric/config/crypto-config.yaml). */
export function cryptoPaths(dir) {
  const c = path.join(dir, 'crypto');
  const ord = path.join(c, 'ordererOrganizations/orderer.grain.local');
  const org = path.join(c, 'peerOrganizations/grainorg.grain.local');
  return {
    crypto: c,
    ordererNode: path.join(ord, 'orderers/orderer0.orderer.grain.local'),
    ordererAdminTls: path.join(ord, 'users/Admin@orderer.grain.local/tls'),
    peerNode: path.join(org, 'peers/peer0.grainorg.grain.local'),
    peerAdminMsp: path.join(org, 'users/Admin@grainorg.grain.local/msp'),
    appUserMsp: path.join(org, 'users/User1@grainorg.grain.local/msp'),
  };
}

const readJson = (f, dflt) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : dflt);
const writeJson = (f, v) => writeFileSync(f, JSON.stringify(v, null, 2) + '\n');
export const readState = (dir) => readJson(path.join(dir, 'network.json'), null);
export const readPids = (dir) => readJson(path.join(dir, 'pids.json'), {});

/** True when `pid` is alive and is still the process we started as `name` (guards against pid reuse). */
export const isOurs = (pid, name) => runsCommand(pid, name);

const processName = { orderer: 'orderer', peer: 'peer', chaincode: 'fabric-chaincode-node' };

function run(bin, args, env, what) {
  const r = spawnSync(bin, args, { env, encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`${what} failed (exit ${r.status}): ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-6).join('\n')}`);
  return `${r.stdout}\n${r.stderr}`;
}

function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function waitForPort(port, pid, name, logFile, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await portOpen(port)) return;
    if (!isOurs(pid, processName[name])) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
  throw new Error(`${name} did not open 127.0.0.1:${port} (log ${logFile}):\n${tail}`);
}

/** Writes crypto material, the channel genesis block and node config (first start only). */
function generate(dir, bin, base, log) {
  const cp = cryptoPaths(dir);
  const fabricDir = path.dirname(bin);
  mkdirSync(path.join(dir, 'config'), { recursive: true });
  log('generating crypto material (cryptogen) and the channel genesis block (configtxgen)...');
  run(
    path.join(bin, 'cryptogen'),
    ['generate', `--config=${path.join(ROOT, 'fabric/config/crypto-config.yaml')}`, `--output=${cp.crypto}`],
    process.env,
    'cryptogen',
  );
  const configtx = readFileSync(path.join(ROOT, 'fabric/config/configtx.yaml'), 'utf8')
    .replaceAll('{{CRYPTO}}', cp.crypto)
    .replaceAll('{{ORDERER_PORT}}', String(portsFrom(base).orderer));
  mkdirSync(path.join(dir, 'configtx'), { recursive: true });
  writeFileSync(path.join(dir, 'configtx/configtx.yaml'), configtx);
  run(
    path.join(bin, 'configtxgen'),
    ['-profile', 'GrainChannel', '-channelID', CHANNEL, '-outputBlock', path.join(dir, `${CHANNEL}.block`), '-configPath', path.join(dir, 'configtx')],
    process.env,
    'configtxgen',
  );
  // Fabric's sample node config, with the ccaas external builder from this repo and no Docker.
  const core = readFileSync(path.join(fabricDir, 'config/core.yaml'), 'utf8')
    .replace('/opt/hyperledger/ccaas_builder', path.join(ROOT, 'fabric/builders/ccaas'))
    .replace('endpoint: unix:///var/run/docker.sock', 'endpoint: ""');
  writeFileSync(path.join(dir, 'config/core.yaml'), core);
  writeFileSync(path.join(dir, 'config/orderer.yaml'), readFileSync(path.join(fabricDir, 'config/orderer.yaml'), 'utf8'));
}

export function nodeEnv(dir, base, name) {
  const p = portsFrom(base);
  const cp = cryptoPaths(dir);
  const common = { ...process.env, FABRIC_CFG_PATH: path.join(dir, 'config'), FABRIC_LOGGING_SPEC: process.env.FABRIC_LOGGING_SPEC || 'info' };
  if (name === 'orderer') {
    const tls = path.join(cp.ordererNode, 'tls');
    return {
      ...common,
      ORDERER_GENERAL_LISTENADDRESS: '127.0.0.1',
      ORDERER_GENERAL_LISTENPORT: String(p.orderer),
      ORDERER_GENERAL_LOCALMSPID: 'OrdererMSP',
      ORDERER_GENERAL_LOCALMSPDIR: path.join(cp.ordererNode, 'msp'),
      ORDERER_GENERAL_TLS_ENABLED: 'true',
      ORDERER_GENERAL_TLS_CERTIFICATE: `${tls}/server.crt`,
      ORDERER_GENERAL_TLS_PRIVATEKEY: `${tls}/server.key`,
      ORDERER_GENERAL_TLS_ROOTCAS: `[${tls}/ca.crt]`,
      ORDERER_GENERAL_CLUSTER_CLIENTCERTIFICATE: `${tls}/server.crt`,
      ORDERER_GENERAL_CLUSTER_CLIENTPRIVATEKEY: `${tls}/server.key`,
      ORDERER_GENERAL_CLUSTER_ROOTCAS: `[${tls}/ca.crt]`,
      ORDERER_GENERAL_BOOTSTRAPMETHOD: 'none',
      ORDERER_CHANNELPARTICIPATION_ENABLED: 'true',
      ORDERER_ADMIN_LISTENADDRESS: `127.0.0.1:${p.ordererAdmin}`,
      ORDERER_ADMIN_TLS_ENABLED: 'true',
      ORDERER_ADMIN_TLS_CERTIFICATE: `${tls}/server.crt`,
      ORDERER_ADMIN_TLS_PRIVATEKEY: `${tls}/server.key`,
      ORDERER_ADMIN_TLS_ROOTCAS: `[${tls}/ca.crt]`,
      ORDERER_ADMIN_TLS_CLIENTAUTHREQUIRED: 'true',
      ORDERER_ADMIN_TLS_CLIENTROOTCAS: `[${tls}/ca.crt]`,
      ORDERER_OPERATIONS_LISTENADDRESS: `127.0.0.1:${p.ordererOps}`,
      ORDERER_METRICS_PROVIDER: 'disabled',
      ORDERER_FILELEDGER_LOCATION: path.join(dir, 'orderer/ledger'),
      ORDERER_CONSENSUS_WALDIR: path.join(dir, 'orderer/etcdraft/wal'),
      ORDERER_CONSENSUS_SNAPDIR: path.join(dir, 'orderer/etcdraft/snapshot'),
    };
  }
  const tls = path.join(cp.peerNode, 'tls');
  const peerTls = {
    CORE_PEER_TLS_ENABLED: 'true',
    CORE_PEER_TLS_ROOTCERT_FILE: `${tls}/ca.crt`,
    CORE_PEER_LOCALMSPID: 'GrainOrgMSP',
    CORE_PEER_ADDRESS: `127.0.0.1:${p.peer}`,
  };
  if (name === 'peer-admin') return { ...common, ...peerTls, CORE_PEER_MSPCONFIGPATH: cp.peerAdminMsp };
  return {
    ...common,
    ...peerTls,
    CORE_PEER_ID: 'peer0.grainorg.grain.local',
    CORE_PEER_MSPCONFIGPATH: path.join(cp.peerNode, 'msp'),
    CORE_PEER_LISTENADDRESS: `127.0.0.1:${p.peer}`,
    CORE_PEER_CHAINCODEADDRESS: `127.0.0.1:${p.peerChaincode}`,
    CORE_PEER_CHAINCODELISTENADDRESS: `127.0.0.1:${p.peerChaincode}`,
    CORE_PEER_GOSSIP_BOOTSTRAP: `127.0.0.1:${p.peer}`,
    CORE_PEER_GOSSIP_EXTERNALENDPOINT: `127.0.0.1:${p.peer}`,
    CORE_PEER_TLS_CERT_FILE: `${tls}/server.crt`,
    CORE_PEER_TLS_KEY_FILE: `${tls}/server.key`,
    CORE_PEER_FILESYSTEMPATH: path.join(dir, 'peer'),
    CORE_LEDGER_SNAPSHOTS_ROOTDIR: path.join(dir, 'peer/snapshots'),
    CORE_OPERATIONS_LISTENADDRESS: `127.0.0.1:${p.peerOps}`,
    CORE_METRICS_PROVIDER: 'disabled',
  };
}

/** Starts one component detached (it outlives this script), logging to <dir>/logs/<name>.log. */
export async function startComponent(dir, state, name) {
  const pids = readPids(dir);
  if (isOurs(pids[name], processName[name])) return false;
  const p = portsFrom(state.basePort);
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const logFile = path.join(dir, 'logs', `${name}.log`);
  const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
  const out = openSync(logFile, 'a');
  let child;
  if (name === 'chaincode') {
    const cli = path.join(ROOT, 'fabric/chaincode/node_modules/.bin/fabric-chaincode-node');
    child = spawn(cli, ['server', `--chaincode-address=127.0.0.1:${p.chaincode}`, `--chaincode-id=${state.packageId}`], {
      cwd: path.join(ROOT, 'fabric/chaincode'),
      env: process.env,
      detached: true,
      stdio: ['ignore', out, out],
    });
  } else {
    child = spawn(path.join(state.binDir, name), name === 'peer' ? ['node', 'start'] : [], {
      env: nodeEnv(dir, state.basePort, name),
      detached: true,
      stdio: ['ignore', out, out],
    });
  }
  child.unref();
  writeJson(path.join(dir, 'pids.json'), { ...readPids(dir), [name]: child.pid });
  await waitForPort(name === 'peer' ? p.peer : name === 'orderer' ? p.orderer : p.chaincode, child.pid, name, logFile);
  if (name === 'orderer' && state.channelJoined) await waitForRaftLeader(logFile, logOffset);
  return true;
}

/** A restarted orderer takes transactions only once Raft has elected it leader again (about 1-2 s). */
async function waitForRaftLeader(logFile, offset, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (readFileSync(logFile, 'utf8').slice(offset).includes('Start accepting requests as Raft leader')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the orderer elected no Raft leader within ${timeoutMs / 1000}s (log ${logFile})`);
}

/** What the application needs to reach the network (the FABRIC_* variables of adapters/src/config.ts). */
export function connectionEnv(dir, state) {
  const cp = cryptoPaths(dir);
  return {
    LEDGER: 'fabric',
    FABRIC_PEER_ENDPOINT: `127.0.0.1:${portsFrom(state.basePort).peer}`,
    // The TLS name to check (the certificate lists localhost); an IP as TLS server name is deprecated.
    FABRIC_PEER_HOST_ALIAS: 'localhost',
    FABRIC_TLS_CERT: path.join(cp.peerNode, 'tls/ca.crt'),
    FABRIC_MSP_ID: 'GrainOrgMSP',
    FABRIC_CERT: path.join(cp.appUserMsp, 'signcerts/User1@grainorg.grain.local-cert.pem'),
    FABRIC_KEY: path.join(cp.appUserMsp, 'keystore/priv_sk'),
    FABRIC_CHANNEL: CHANNEL,
    FABRIC_CHAINCODE: CHAINCODE,
  };
}

/**
 * Starts the network in `dir` (generating it the first time) and returns { env, started, seconds }.
 * `build`: build missing Fabric binaries (else throw when they are not cached).
 */
export async function startNetwork({ dir = defaultNetworkDir(), basePort, build = true, log = (m) => console.log(`[fabric] ${m}`) } = {}) {
  const t0 = Date.now();
  const fabric = build ? await ensureFabric() : findFabric();
  if (!fabric) throw new Error('Fabric binaries are not in the cache; run `npm run fabric:ensure`');
  ensureChaincodeBuilt(log);
  mkdirSync(dir, { recursive: true });
  let state = readState(dir);
  if (!state) {
    const base = basePort ?? Number(process.env.FABRIC_BASE_PORT || 17050);
    generate(dir, path.join(fabric.dir, 'bin'), base, log);
    state = { basePort: base, fabric: fabric.tag, binDir: path.join(fabric.dir, 'bin'), channelJoined: false, packageId: null, committed: false };
    writeJson(path.join(dir, 'network.json'), state);
  }
  const save = () => writeJson(path.join(dir, 'network.json'), state);
  const started = [];
  for (const name of ['orderer', 'peer']) if (await startComponent(dir, state, name)) started.push(name);
  if (!state.channelJoined) {
    const ordererLog = path.join(dir, 'logs/orderer.log');
    const offset = statSync(ordererLog).size;
    joinChannel(dir, state, log);
    await waitForRaftLeader(ordererLog, offset);
    state.channelJoined = true;
    save();
  }
  await deployChaincode({
    dir,
    state,
    save,
    log,
    run,
    env: nodeEnv(dir, state.basePort, 'peer-admin'),
    startChaincode: async () => {
      if (await startComponent(dir, state, 'chaincode')) started.push('chaincode');
    },
  });
  const env = connectionEnv(dir, state);
  writeFileSync(
    path.join(dir, 'fabric.env'),
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
  );
  const seconds = Math.round((Date.now() - t0) / 100) / 10;
  log(
    `network up in ${seconds}s (${started.length ? `started ${started.join(', ')}` : 'already running'}); peer ${env.FABRIC_PEER_ENDPOINT}, channel ${CHANNEL}; connection settings in ${path.join(dir, 'fabric.env')}`,
  );
  return { env, started, seconds };
}

function joinChannel(dir, state, log) {
  const p = portsFrom(state.basePort);
  const cp = cryptoPaths(dir);
  const block = path.join(dir, `${CHANNEL}.block`);
  log(`joining the orderer (osnadmin) and the peer to channel ${CHANNEL}...`);
  run(
    path.join(state.binDir, 'osnadmin'),
    [
      'channel',
      'join',
      `--channelID=${CHANNEL}`,
      `--config-block=${block}`,
      '-o',
      `127.0.0.1:${p.ordererAdmin}`,
      `--ca-file=${path.join(cp.ordererNode, 'tls/ca.crt')}`,
      `--client-cert=${path.join(cp.ordererAdminTls, 'client.crt')}`,
      `--client-key=${path.join(cp.ordererAdminTls, 'client.key')}`,
    ],
    process.env,
    'osnadmin channel join',
  );
  run(path.join(state.binDir, 'peer'), ['channel', 'join', '-b', block], nodeEnv(dir, state.basePort, 'peer-admin'), 'peer channel join');
}

/** Stops the named components (default all) by the pids this script recorded; SIGKILL after 15 s. */
export async function stopNetwork({ dir = defaultNetworkDir(), only = COMPONENTS } = {}) {
  const pids = readPids(dir);
  const stopping = only.filter((n) => isOurs(pids[n], processName[n]));
  for (const n of stopping) process.kill(pids[n], 'SIGTERM');
  const until = Date.now() + 15_000;
  while (stopping.some((n) => isOurs(pids[n], processName[n])) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  for (const n of stopping) if (isOurs(pids[n], processName[n])) process.kill(pids[n], 'SIGKILL');
  const left = { ...pids };
  for (const n of only) delete left[n];
  if (existsSync(dir)) writeJson(path.join(dir, 'pids.json'), left);
  return stopping;
}
