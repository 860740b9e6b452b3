// The production stack in one place: which processes run, with which versions, environment and schema
// steps. `npm run stack:start` runs exactly this on one machine (scripts/stack/*.mjs), and the drift
// check (server/src/compose.test.ts) holds docker-compose.yml to it, so a company with Docker gets the
// shape the stack test ran. Only what must differ between one host and containers differs: addresses
// and ports (containers each have their own IP and the image defaults; on one host every service needs
// ports of its own) and where files live.
import path from 'node:path';
import { TEMPORAL_SERVER_VERSION, TEMPORAL_UI_VERSION } from '../ensure-temporal-server.mjs';

export { TEMPORAL_SERVER_VERSION, TEMPORAL_UI_VERSION };

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The Postgres major the stack is tested on (Debian bookworm's `postgresql`); compose's image follows it. */
export const POSTGRES_MAJOR = 15;
/** The Temporal services, one process each, in start order (history owns the shards the others route to). */
export const TEMPORAL_SERVICES = ['history', 'matching', 'frontend', 'worker'];
/** Fixed when the schema is first set up: it cannot change later without a new cluster (docs/operations.md). */
export const NUM_HISTORY_SHARDS = 16;
export const DB_USER = 'grain';
export const APP_DB = 'grain';
export const TEMPORAL_DB = 'temporal';
export const VISIBILITY_DB = 'temporal_visibility';
export const NAMESPACE = 'default';
/** How long Temporal keeps a closed workflow's history (the read model and ledger keep the certificate). */
export const NAMESPACE_RETENTION = '30d';
export const WORKER_PROCESSES = 2;
/**
 * The Worker Deployment of the stack's workers (worker/src/versioning.ts): each runs the version its
 * workflow bundle's hash names and makes it current once polling; certificates stay pinned to the
 * version they started on (docs/CONTRIBUTING.md, "Changing the workflow").
 */
export const WORKER_DEPLOYMENT = 'grain-certificates';
export const API_PROCESSES = 2;
export const DYNAMIC_CONFIG = path.join(ROOT, 'deploy', 'temporal-dynamicconfig.yaml');

/**
 * Environment of every Temporal service that is the same on one host and in compose (the template the
 * server renders is its own config/docker.yaml, the one the `temporalio/server` image renders).
 */
export const TEMPORAL_SERVER_ENV = {
  DB: 'postgres12',
  DBNAME: TEMPORAL_DB,
  VISIBILITY_DBNAME: VISIBILITY_DB,
  POSTGRES_USER: DB_USER,
  NUM_HISTORY_SHARDS: String(NUM_HISTORY_SHARDS),
};

/** The app's processes: the API (server/dist/main.js) and the workers (worker/dist/main.js). */
export const APP_API_ENV = { WORKER_IN_PROCESS: 'false', API_PROCESSES: String(API_PROCESSES) };

/**
 * The schema steps of temporal-sql-tool, each idempotent (create ignores an existing database;
 * setup-schema -v 0.0 skips a database past 0.0; update-schema applies only newer versions), so they
 * run on every start and are the upgrade path too. `schemaDir` is .../schema/postgresql/v12.
 */
export function schemaSteps(schemaDir) {
  return [
    [TEMPORAL_DB, 'temporal'],
    [VISIBILITY_DB, 'visibility'],
  ].flatMap(([db, dir]) => [
    ['--db', db, 'create'],
    ['--db', db, 'setup-schema', '-v', '0.0'],
    ['--db', db, 'update-schema', '-d', `${schemaDir}/${dir}/versioned`],
  ]);
}

/**
 * Ports of one stack. With a base port every port is base + offset (tests, several stacks on one
 * machine); without, the ones people open keep their usual numbers (app 3000, Temporal 7233, its Web UI
 * 8233; PORT, TEMPORAL_PORT and TEMPORAL_UI_PORT change them) and the internal ones start at 17300.
 */
export function stackPorts({ basePort, env = process.env } = {}) {
  const b = basePort ?? 17300;
  const p = {
    postgres: b,
    frontend: b + 1,
    frontendHttp: b + 2,
    frontendMembership: b + 3,
    history: b + 4,
    historyMembership: b + 5,
    matching: b + 6,
    matchingMembership: b + 7,
    worker: b + 8,
    workerMembership: b + 9,
    ui: b + 10,
    app: b + 11,
    smtpCatcher: b + 12,
    metrics: { frontend: b + 13, history: b + 14, matching: b + 15, worker: b + 16 },
    workerMetrics: Array.from({ length: WORKER_PROCESSES }, (_, i) => b + 17 + i),
  };
  if (basePort === undefined) {
    p.app = Number(env.PORT || 3000);
    p.frontend = Number(env.TEMPORAL_PORT || 7233);
    p.ui = Number(env.TEMPORAL_UI_PORT || 8233);
  }
  return p;
}

/** Environment of one Temporal service process on this host (the template's variables). */
export function temporalServiceEnv(service, ports, password) {
  return {
    ...TEMPORAL_SERVER_ENV,
    POSTGRES_PWD: password,
    POSTGRES_SEEDS: '127.0.0.1',
    DB_PORT: String(ports.postgres),
    // the template reads the visibility store's port from VISIBILITY_DB_PORT or POSTGRES_PORT, not DB_PORT
    VISIBILITY_DB_PORT: String(ports.postgres),
    BIND_ON_IP: '127.0.0.1',
    FRONTEND_GRPC_PORT: String(ports.frontend),
    FRONTEND_HTTP_PORT: String(ports.frontendHttp),
    FRONTEND_MEMBERSHIP_PORT: String(ports.frontendMembership),
    HISTORY_GRPC_PORT: String(ports.history),
    HISTORY_MEMBERSHIP_PORT: String(ports.historyMembership),
    MATCHING_GRPC_PORT: String(ports.matching),
    MATCHING_MEMBERSHIP_PORT: String(ports.matchingMembership),
    WORKER_GRPC_PORT: String(ports.worker),
    WORKER_MEMBERSHIP_PORT: String(ports.workerMembership),
    PROMETHEUS_ENDPOINT: `127.0.0.1:${ports.metrics[service]}`,
    DYNAMIC_CONFIG_FILE_PATH: DYNAMIC_CONFIG,
  };
}

/** The CLI commands that register the namespace and the search attributes (compose's temporal-setup runs the same). */
export function setupCommands(searchAttributes) {
  return [
    ['operator', 'namespace', 'create', '--namespace', NAMESPACE, '--retention', NAMESPACE_RETENTION],
    ...Object.entries(searchAttributes).map(([name, type]) => [
      'operator',
      'search-attribute',
      'create',
      '--namespace',
      NAMESPACE,
      '--name',
      name,
      '--type',
      type,
    ]),
  ];
}
