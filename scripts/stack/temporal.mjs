// The Temporal cluster of the stack: schema steps (temporal-sql-tool), the four services as separate
// processes of the server binary, the namespace and search attributes (the Temporal CLI, as compose's
// temporal-setup job does), and the Web UI server pointed at the frontend.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { portOpen, startProcess, waitUntil, sleep } from './processes.mjs';
import { DB_USER, NAMESPACE, schemaSteps, setupCommands, TEMPORAL_SERVICES, temporalServiceEnv } from './topology.mjs';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

export const serviceName = (service) => `temporal-${service}`;

/** The domain's list (domain/dist), the one the dev server registers. */
export function searchAttributes() {
  try {
    return require('../../domain/dist/search-attributes.js').SEARCH_ATTRIBUTES;
  } catch {
    throw new Error('the domain package is not built: run `npm run build` first');
  }
}

export async function setupSchema({ paths, ports, password, log }) {
  const conn = ['--plugin', 'postgres12', '--ep', '127.0.0.1', '-p', String(ports.postgres), '-u', DB_USER]; // the password goes in SQL_PASSWORD, not on a command line others can read
  for (const step of schemaSteps(paths.schemaDir)) {
    try {
      await run(paths.sqlTool, [...conn, ...step], { env: { ...process.env, SQL_PASSWORD: password } });
    } catch (e) {
      throw new Error(`temporal-sql-tool ${step.join(' ')} failed: ${(e.stderr || e.message).slice(-2000)}`);
    }
  }
  log(
    `schema: ${paths.serverVersion} schemas applied to ${schemaSteps('')
      .filter((s) => s[2] === 'create')
      .map((s) => s[1])
      .join(', ')}`,
  );
}

async function frontendReady(address) {
  const { Connection } = require('@temporalio/client');
  const conn = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    await conn.workflowService.getSystemInfo({});
    return true;
  } finally {
    await conn.close();
  }
}

/** Starts the services not running; `only` limits it (a restart after a kill). */
export async function startServices({ dir, paths, ports, password, log, only = TEMPORAL_SERVICES }) {
  for (const service of TEMPORAL_SERVICES.filter((s) => only.includes(s))) {
    const name = serviceName(service);
    const { started } = startProcess(
      dir,
      name,
      paths.server,
      ['--root', paths.serverRoot, '--config', 'config', '--env', 'docker', '--allow-no-auth', 'start', `--service=${service}`],
      { env: { ...process.env, ...temporalServiceEnv(service, ports, password) } },
    );
    // the internal worker serves no gRPC API: its membership port says it joined the cluster
    const port = { history: ports.history, matching: ports.matching, frontend: ports.frontend, worker: ports.workerMembership }[service];
    await waitUntil(dir, name, () => portOpen(port), { what: `listening on ${port}` });
    if (service === 'frontend') await waitUntil(dir, name, () => frontendReady(`127.0.0.1:${ports.frontend}`), { what: 'answering' });
    if (started) log(`${name} on 127.0.0.1:${port} (metrics http://127.0.0.1:${ports.metrics[service]}/metrics)`);
  }
}

/** 'namespace', or the search attribute a setup command registers. */
const setupItem = (cmd) => (cmd.includes('--name') ? cmd[cmd.indexOf('--name') + 1] : 'namespace');

/** What the namespace lacks of topology.setupCommands: the namespace itself, then missing search attributes. */
async function missingSetup(address) {
  const { Connection } = require('@temporalio/client');
  const conn = await Connection.connect({ address, connectTimeout: 5000 });
  try {
    const have = new Set();
    try {
      await conn.workflowService.describeNamespace({ namespace: NAMESPACE });
      have.add('namespace');
      const r = await conn.operatorService.listSearchAttributes({ namespace: NAMESPACE });
      for (const k of Object.keys(r.customAttributes ?? {})) have.add(k);
    } catch (e) {
      if (e.code !== 5) throw e; // 5 = NOT_FOUND: a new cluster
    }
    return setupCommands(searchAttributes()).filter((cmd) => !have.has(setupItem(cmd)));
  } finally {
    await conn.close();
  }
}

/** Runs the CLI's setup commands the cluster still lacks, each repeated while the cluster is settling. */
export async function registerNamespace({ cli, ports, log }) {
  const address = `127.0.0.1:${ports.frontend}`;
  const todo = await missingSetup(address);
  for (const cmd of todo) {
    for (let attempt = 1; ; attempt++) {
      try {
        await run(cli, [...cmd, '--address', address]);
        break;
      } catch (e) {
        const text = `${e.stderr || ''}${e.stdout || ''}${e.message}`;
        if (/already (exists|registered)/i.test(text)) break;
        if (attempt >= 60) throw new Error(`temporal ${cmd.join(' ')} failed: ${text.slice(-1500)}`);
        await sleep(1000);
      }
    }
  }
  if (todo.length) {
    log(`namespace ${NAMESPACE}: registered ${todo.map(setupItem).join(', ')}; waiting until every service knows them`);
    await waitForSearchAttributes(address);
  }
}

/**
 * Search attributes reach the history service through its namespace cache (refreshed every few
 * seconds); until then a start that sets them is refused. A probe start that sets each of them, retried
 * until accepted, proves the cluster ready for the app; the probe is then terminated.
 */
async function waitForSearchAttributes(address) {
  const { Connection, Client } = require('@temporalio/client');
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace: NAMESPACE });
  const sample = { Keyword: ['probe'], Int: [0], Bool: [false], Datetime: [new Date()], Text: ['probe'] };
  const attrs = Object.fromEntries(Object.entries(searchAttributes()).map(([k, t]) => [k, sample[t]]));
  try {
    const until = Date.now() + 120_000;
    for (;;) {
      try {
        const h = await client.workflow.start('stackReadinessProbe', {
          taskQueue: 'stack-readiness-probe',
          workflowId: `stack-readiness-probe-${Date.now()}`,
          searchAttributes: attrs,
        });
        await h.terminate('readiness probe of npm run stack:start');
        return;
      } catch (e) {
        if (Date.now() > until) throw new Error(`search attributes not usable after 120 s: ${e.message}`);
        await sleep(1000);
      }
    }
  } finally {
    await connection.close();
  }
}
/** The Web UI server: the `temporalio/ui` image's template, plus host 127.0.0.1 (base.yaml) on one machine. */
export async function startUi({ dir, paths, ports, publicUrl, log }) {
  const root = path.join(dir, 'ui');
  mkdirSync(path.join(root, 'config'), { recursive: true });
  copyFileSync(path.join(paths.uiRoot, 'config', 'docker.yaml'), path.join(root, 'config', 'docker.yaml'));
  writeFileSync(
    path.join(root, 'config', 'base.yaml'),
    '# loaded before docker.yaml, which leaves host unset (all interfaces, as a container needs)\nhost: 127.0.0.1\n',
  );
  const { started } = startProcess(dir, 'temporal-ui', paths.uiServer, ['--root', root, '--config', 'config', '--env', 'docker', 'start'], {
    env: {
      ...process.env,
      TEMPORAL_ADDRESS: `127.0.0.1:${ports.frontend}`,
      TEMPORAL_UI_PORT: String(ports.ui),
      TEMPORAL_CORS_ORIGINS: publicUrl,
      TEMPORAL_DEFAULT_NAMESPACE: NAMESPACE,
    },
  });
  const url = `http://127.0.0.1:${ports.ui}`;
  await waitUntil(dir, 'temporal-ui', async () => (await fetch(`${url}/api/v1/settings`)).ok, { what: 'serving', timeoutMs: 60_000 });
  if (started) log(`Temporal Web UI ${paths.uiVersion} on ${url}`);
  return url;
}
