import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ACTION_TIMING, type ActionTiming } from '@grain/domain';
import type { FabricLedgerOptions } from './ledger/fabric-ledger';

/** The task queue of the workflows when TEMPORAL_TASK_QUEUE is unset (scripts/stack reads it from here). */
export const DEFAULT_TASK_QUEUE = 'grain-certificates';

/**
 * Every environment variable the system reads, parsed once at start-up. Unset means the embedded
 * default; a set but unusable value stops start-up with a message naming the variable.
 */
export interface AppConfig {
  port: number;
  /**
   * Address the HTTP server listens on: loopback unless HOST says otherwise, so a machine running the
   * embedded defaults (dev mailbox, demo logins) is not reachable from the network by accident.
   */
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  temporalAddress: string;
  temporalNamespace: string;
  temporalUiUrl: string;
  /**
   * Mutual TLS to the Temporal frontend (TEMPORAL_TLS_CERT + TEMPORAL_TLS_KEY: this client's certificate;
   * TEMPORAL_TLS_CA: the CA of the frontend's certificate; TEMPORAL_TLS_SERVER_NAME: the name it was issued
   * for), read at start-up; unset: plain gRPC on a private network (docs/operations.md).
   */
  temporalTls?: { clientCertPair?: { crt: Buffer; key: Buffer }; serverRootCACertificate?: Buffer; serverNameOverride?: string };
  taskQueue: string;
  /**
   * How long the API waits for Temporal before answering 503: an Update (sign, reject, ...) waits for the
   * worker to run it, so it gets longer than a query, a start or a signal.
   */
  temporalDeadlines: { updateMs: number; callMs: number };
  /**
   * Corrective actions' reminders before the due time and escalation after it (ACTION_REMINDER_OFFSETS_MS,
   * comma-separated, and ACTION_ESCALATE_AFTER_MS; unset: 3 days and 1 day before, 2 days after).
   * Tests and demos shorten them.
   */
  correctiveActionTiming: ActionTiming;
  smtpUrl?: string;
  /** Port of the embedded SMTP catcher (used when SMTP_URL is unset). */
  smtpCatcherPort: number;
  mailFrom: string;
  ledger: 'embedded' | 'fabric';
  /** The Fabric gateway's settings (FABRIC_*), with LEDGER=fabric. */
  fabric?: FabricLedgerOptions;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiModel: string;
  chromiumPath?: string;
  imageVerifierUrl?: string;
  /**
   * Wraps each company's CA and seal private keys at rest (CA_KEY_SECRET). Required outside the embedded default (with DATABASE_URL or NODE_ENV=production); the embedded
   * all-in-one server keeps a random one in DATA_DIR when it is unset (server.ts).
   */
  caKeySecret?: string;
  /**
   * The platform's operators (PLATFORM_OPERATORS: e-mail addresses, comma-separated): signed in with one of
   * these, a user verifies companies' identities, sees the health details and the Temporal UI link.
   * Company admins are not operators.
   */
  platformOperators: string[];
  /** Public (no login) requests per address and minute: look-ups (PUBLIC_VERIFY_PER_MINUTE) and file checks (PUBLIC_CHECK_PER_MINUTE). */
  publicLimits: { lookupsPerMinute: number; checksPerMinute: number };
  /**
   * Hosts (host:port) whose did:web documents may be fetched over plain http and on a private address
   * (DID_WEB_INSECURE_HOSTS): for tests and a local demo only; every other did:web is fetched over https
   * from a public address.
   */
  didWebInsecureHosts: string[];
  /**
   * The RFC 3161 time-stamping authority that dates every seal (TSA_URL, http or https); unset: the
   * embedded TSA of this server, labelled as such. A TSA that does not answer stops start-up.
   */
  tsaUrl?: string;
  /**
   * How long a verifier may rely on a copy of a status list before fetching it again
   * (STATUS_LIST_MAX_AGE_SECONDS, default 300): the list's `ttl` and its Cache-Control max-age.
   */
  statusListMaxAgeSeconds: number;
  /** Run the Temporal worker inside the server process (default when the database is embedded). */
  workerInProcess: boolean;
  seedDemoData: boolean;
}

export class ConfigError extends Error {
  constructor(
    public readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

function int(env: NodeJS.ProcessEnv, name: string, dflt: number): number {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(name, `must be a port number (0 = any free port), got "${v}"`);
  return n;
}

function millis(env: NodeJS.ProcessEnv, name: string, dflt: number): number {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 600_000) throw new ConfigError(name, `must be milliseconds between 1 and 600000, got "${v}"`);
  return n;
}

/** Seconds from 0 to one day. */
function seconds(env: NodeJS.ProcessEnv, name: string, dflt: number): number {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 86_400) throw new ConfigError(name, `must be seconds between 0 and 86400, got "${v}"`);
  return n;
}

/** A list of durations in ms (1 ms to 365 days each); unset: the default. */
function durations(env: NodeJS.ProcessEnv, name: string, dflt: number[]): number[] {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const list = v.split(',').map((x) => Number(x.trim()));
  if (!list.every((n) => Number.isInteger(n) && n >= 1 && n <= 365 * 86_400_000))
    throw new ConfigError(name, `must be milliseconds (1 to 365 days), comma-separated, got "${v}"`);
  return list;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const v = env[name];
  if (!v) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(name, `is not a URL: "${v}"`);
  }
  if (!protocols.includes(u.protocol)) throw new ConfigError(name, `must use ${protocols.join(' or ')} (got ${u.protocol})`);
  return v;
}

function pemFile(env: NodeJS.ProcessEnv, name: string): Buffer | undefined {
  const p = env[name];
  if (!p) return undefined;
  let b: Buffer;
  try {
    b = readFileSync(p);
  } catch (e) {
    throw new ConfigError(name, `cannot read ${p}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!/-----BEGIN [A-Z ]+-----/.test(b.toString('latin1'))) throw new ConfigError(name, `${p} is not a PEM file`);
  return b;
}

/** TEMPORAL_TLS_*: mutual TLS to the Temporal frontend, or undefined when none is set. */
function temporalTls(env: NodeJS.ProcessEnv): AppConfig['temporalTls'] {
  const crt = pemFile(env, 'TEMPORAL_TLS_CERT');
  const key = pemFile(env, 'TEMPORAL_TLS_KEY');
  const ca = pemFile(env, 'TEMPORAL_TLS_CA');
  const serverName = env.TEMPORAL_TLS_SERVER_NAME || undefined;
  if (!!crt !== !!key)
    throw new ConfigError(
      crt ? 'TEMPORAL_TLS_KEY' : 'TEMPORAL_TLS_CERT',
      'TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together (the client certificate and its key)',
    );
  if (!crt && !ca && !serverName) return undefined;
  return {
    ...(crt && key ? { clientCertPair: { crt, key } } : {}),
    ...(ca ? { serverRootCACertificate: ca } : {}),
    ...(serverName ? { serverNameOverride: serverName } : {}),
  };
}

function perMinute(env: NodeJS.ProcessEnv, name: string, dflt: number): number {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new ConfigError(name, `must be a whole number of requests per minute from 1 to 100000, got "${v}"`);
  return n;
}

function emails(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  for (const e of list) if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) throw new ConfigError(name, `must be e-mail addresses separated by commas, got "${e}"`);
  return list;
}

function bool(env: NodeJS.ProcessEnv, name: string, dflt: boolean): boolean {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new ConfigError(name, `must be true or false, got "${v}"`);
}

/** Whether the server listens on this machine only (the dev mailbox is served only then). */
export const isLoopbackHost = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env, 'PORT', 3000);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const ledger = (env.LEDGER || (env.FABRIC_PEER_ENDPOINT ? 'fabric' : 'embedded')) as AppConfig['ledger'];
  if (ledger !== 'embedded' && ledger !== 'fabric') throw new ConfigError('LEDGER', `must be embedded or fabric, got "${ledger}"`);
  let fabric: AppConfig['fabric'];
  if (ledger === 'fabric') {
    const need = ['FABRIC_PEER_ENDPOINT', 'FABRIC_TLS_CERT', 'FABRIC_MSP_ID', 'FABRIC_CERT', 'FABRIC_KEY'];
    for (const n of need) if (!env[n]) throw new ConfigError(n, 'is required when LEDGER=fabric');
    fabric = {
      peerEndpoint: env.FABRIC_PEER_ENDPOINT!,
      peerHostAlias: env.FABRIC_PEER_HOST_ALIAS,
      tlsCertPath: env.FABRIC_TLS_CERT!,
      mspId: env.FABRIC_MSP_ID!,
      certPath: env.FABRIC_CERT!,
      keyPath: env.FABRIC_KEY!,
      channel: env.FABRIC_CHANNEL || 'grainquality',
      chaincode: env.FABRIC_CHAINCODE || 'grainquality',
    };
  }
  const openaiApiKey = env.OPENAI_API_KEY || undefined;
  const openaiBaseUrl = url(env, 'OPENAI_BASE_URL', ['http:', 'https:']);
  if (openaiBaseUrl && !openaiApiKey) throw new ConfigError('OPENAI_API_KEY', 'is required when OPENAI_BASE_URL is set');
  const caKeySecret = env.CA_KEY_SECRET || undefined;
  if (!caKeySecret && (databaseUrl || env.NODE_ENV === 'production'))
    throw new ConfigError(
      'CA_KEY_SECRET',
      `is required ${databaseUrl ? 'with DATABASE_URL' : 'with NODE_ENV=production'}: it wraps the company CA and seal keys at rest (make one with \`openssl rand -base64 32\` and keep it with your backups)`,
    );
  if (caKeySecret && caKeySecret.length < 16) throw new ConfigError('CA_KEY_SECRET', 'must be at least 16 characters (e.g. `openssl rand -base64 32`)');
  const host = env.HOST || '127.0.0.1';
  if (!/^[0-9a-fA-F.:]+$|^[A-Za-z0-9.-]+$/.test(host)) throw new ConfigError('HOST', `must be an address or host name to listen on, got "${host}"`);
  return {
    port,
    host,
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    temporalAddress: env.TEMPORAL_ADDRESS || 'localhost:7233',
    temporalNamespace: env.TEMPORAL_NAMESPACE || 'default',
    temporalUiUrl: env.TEMPORAL_UI_URL || 'http://localhost:8233',
    temporalTls: temporalTls(env),
    taskQueue: env.TEMPORAL_TASK_QUEUE || DEFAULT_TASK_QUEUE,
    temporalDeadlines: { updateMs: millis(env, 'TEMPORAL_UPDATE_TIMEOUT_MS', 15_000), callMs: millis(env, 'TEMPORAL_CALL_TIMEOUT_MS', 5_000) },
    correctiveActionTiming: {
      reminderOffsetsMs: durations(env, 'ACTION_REMINDER_OFFSETS_MS', DEFAULT_ACTION_TIMING.reminderOffsetsMs),
      escalateAfterMs: durations(env, 'ACTION_ESCALATE_AFTER_MS', [DEFAULT_ACTION_TIMING.escalateAfterMs])[0],
    },
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpCatcherPort: int(env, 'SMTP_CATCHER_PORT', 2525),
    mailFrom: env.MAIL_FROM || 'Grain Certificates <no-reply@grain.local>',
    ledger,
    fabric,
    openaiApiKey,
    openaiBaseUrl,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    chromiumPath: env.CHROMIUM_PATH || undefined,
    imageVerifierUrl: url(env, 'IMAGE_VERIFIER_URL', ['http:', 'https:']),
    caKeySecret,
    platformOperators: emails(env, 'PLATFORM_OPERATORS'),
    publicLimits: { lookupsPerMinute: perMinute(env, 'PUBLIC_VERIFY_PER_MINUTE', 60), checksPerMinute: perMinute(env, 'PUBLIC_CHECK_PER_MINUTE', 20) },
    didWebInsecureHosts: (env.DID_WEB_INSECURE_HOSTS ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    tsaUrl: url(env, 'TSA_URL', ['http:', 'https:']),
    statusListMaxAgeSeconds: seconds(env, 'STATUS_LIST_MAX_AGE_SECONDS', 300),
    workerInProcess: bool(env, 'WORKER_IN_PROCESS', !databaseUrl),
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true),
  };
}
