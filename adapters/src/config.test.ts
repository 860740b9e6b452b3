import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('chooses the embedded defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.ledger).toBe('embedded');
    expect(c.openaiApiKey).toBeUndefined();
    expect(c.port).toBe(3000);
    expect(c.workerInProcess).toBe(true);
    expect(c.host).toBe('127.0.0.1');
  });

  it('waits 15 s for a Temporal Update and 5 s for other Temporal calls unless told otherwise', () => {
    expect(loadConfig({}).temporalDeadlines).toEqual({ updateMs: 15_000, callMs: 5_000 });
    expect(loadConfig({ TEMPORAL_UPDATE_TIMEOUT_MS: '2000', TEMPORAL_CALL_TIMEOUT_MS: '700' }).temporalDeadlines).toEqual({ updateMs: 2000, callMs: 700 });
    expect(() => loadConfig({ TEMPORAL_UPDATE_TIMEOUT_MS: '0' })).toThrow(/TEMPORAL_UPDATE_TIMEOUT_MS/);
    expect(() => loadConfig({ TEMPORAL_CALL_TIMEOUT_MS: '5s' })).toThrow(/TEMPORAL_CALL_TIMEOUT_MS/);
  });

  it('names the secret by what it protects: the company CA keys (the old name SESSION_SECRET is not read)', () => {
    expect(loadConfig({ CA_KEY_SECRET: 'k1-sixteen-chars' }).caKeySecret).toBe('k1-sixteen-chars');
    expect(loadConfig({ SESSION_SECRET: 'k0-sixteen-chars' }).caKeySecret).toBeUndefined();
    expect(loadConfig({}).caKeySecret).toBeUndefined();
  });

  it('refuses to start without CA_KEY_SECRET outside the embedded default (a DATABASE_URL, or NODE_ENV=production)', () => {
    const pg = 'postgres://grain:grain@127.0.0.1:5432/grain';
    expect(() => loadConfig({ DATABASE_URL: pg })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: pg })).toThrow(/CA_KEY_SECRET: is required .*DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CA_KEY_SECRET/);
    // a secret too short to be one is refused too
    expect(() => loadConfig({ DATABASE_URL: pg, CA_KEY_SECRET: 'short' })).toThrow(/CA_KEY_SECRET: .*at least 16/);
    expect(loadConfig({ DATABASE_URL: pg, CA_KEY_SECRET: 'a-long-enough-secret-1' }).caKeySecret).toBe('a-long-enough-secret-1');
    // the embedded default (npm start) keeps its own secret in DATA_DIR (server.ts), so none is asked for
    expect(loadConfig({}).caKeySecret).toBeUndefined();
  });

  it('reads mutual TLS to Temporal from TEMPORAL_TLS_* at start-up, refusing a half or unreadable set', () => {
    const { mkdtempSync, writeFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const dir = mkdtempSync(`${require('node:os').tmpdir()}/grain-tls-`);
    const pem = (name: string, label: string) => {
      writeFileSync(`${dir}/${name}`, `-----BEGIN ${label}-----\nAAAA\n-----END ${label}-----\n`);
      return `${dir}/${name}`;
    };
    expect(loadConfig({}).temporalTls).toBeUndefined();
    const tls = loadConfig({
      TEMPORAL_TLS_CERT: pem('c.pem', 'CERTIFICATE'),
      TEMPORAL_TLS_KEY: pem('k.pem', 'PRIVATE KEY'),
      TEMPORAL_TLS_CA: pem('ca.pem', 'CERTIFICATE'),
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    }).temporalTls;
    expect(tls?.clientCertPair?.crt.toString()).toContain('BEGIN CERTIFICATE');
    expect(tls?.serverRootCACertificate).toBeInstanceOf(Buffer);
    expect(tls?.serverNameOverride).toBe('temporal.internal');
    expect(() => loadConfig({ TEMPORAL_TLS_CERT: `${dir}/c.pem` })).toThrow(/TEMPORAL_TLS_KEY/);
    expect(() => loadConfig({ TEMPORAL_TLS_CA: `${dir}/missing.pem` })).toThrow(/TEMPORAL_TLS_CA: cannot read/);
    writeFileSync(`${dir}/not.pem`, 'hello');
    expect(() => loadConfig({ TEMPORAL_TLS_CA: `${dir}/not.pem` })).toThrow(/TEMPORAL_TLS_CA: .* not a PEM/);
  });

  it('listens where HOST says', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ LEDGER: 'fabric' }, 'FABRIC_PEER_ENDPOINT'],
    [{ LEDGER: 'paper' }, 'LEDGER'],
    [{ OPENAI_BASE_URL: 'http://localhost:9000/v1' }, 'OPENAI_API_KEY'],
    [{ WORKER_IN_PROCESS: 'maybe' }, 'WORKER_IN_PROCESS'],
    [{ HOST: 'every where' }, 'HOST'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(new RegExp(`^${variable}:`));
  });

  it('selects the real adapters when configured', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', CA_KEY_SECRET: 'a-long-enough-secret-1', SMTP_URL: 'smtp://u:p@mail:587', OPENAI_API_KEY: 'k' });
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.smtpUrl).toBe('smtp://u:p@mail:587');
    expect(c.openaiApiKey).toBe('k');
    expect(c.workerInProcess).toBe(false);
  });
});
