import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parse } from 'yaml';
import { SEARCH_ATTRIBUTES } from '@grain/domain';

const root = path.resolve(__dirname, '../..');
const IMAGE_SCHEMA_DIR = '/etc/temporal/schema/postgresql/v12';

/** docker-compose.yml as compose resolves it (anchors merged, defaults filled in). */
function composeConfig(): { services: Record<string, any> } {
  const env = { ...process.env, SMTP_URL: 'smtp://user:pass@mail.example.com:587', CA_KEY_SECRET: 'compose-test-ca-key-secret' };
  const r = spawnSync('docker-compose', ['config'], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`docker-compose config: ${r.error?.message ?? r.stderr}`);
  return parse(r.stdout);
}

/** What `npm run stack:start` runs (scripts/stack/topology.mjs, an ES module, read in a child process). */
function stackTopology() {
  const code = `
    const t = await import(${JSON.stringify(path.join(root, 'scripts/stack/topology.mjs'))});
    console.log(JSON.stringify({ ...t, schemaSteps: t.schemaSteps(${JSON.stringify(IMAGE_SCHEMA_DIR)}), setupCommands: t.setupCommands(${JSON.stringify(SEARCH_ATTRIBUTES)}), dynamicConfig: t.DYNAMIC_CONFIG }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/** The `temporal-sql-tool` steps of a shell command, without the connection flags before --db. */
const sqlToolSteps = (command: string) =>
  [...command.matchAll(/temporal-sql-tool ([^;]+);/g)].map((m) => {
    const args = m[1].trim().split(/\s+/);
    return args.slice(args.indexOf('--db'));
  });
const stringValues = (env: Record<string, unknown>) => Object.fromEntries(Object.entries(env ?? {}).map(([k, v]) => [k, String(v)]));

describe('docker-compose.yml', () => {
  it('is a valid compose file with the production services', () => {
    const env = { ...process.env, SMTP_URL: 'smtp://user:pass@mail.example.com:587', CA_KEY_SECRET: 'compose-test-ca-key-secret' };
    const check = spawnSync('docker-compose', ['config', '-q'], { cwd: root, env, encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(Object.keys(composeConfig().services).sort()).toEqual([
      'api',
      'postgres',
      'temporal-frontend',
      'temporal-history',
      'temporal-matching',
      'temporal-schema',
      'temporal-setup',
      'temporal-ui',
      'temporal-worker',
      'worker',
    ]);
  });

  it('keeps Temporal (frontend 7233, Web UI 8233) off the network: published on 127.0.0.1 only, the rest private (issue 26 item 8)', () => {
    const { services } = composeConfig();
    // compose prints a port as an object ({ published, target, host_ip? }) or as "[ip:]published:target[/proto]"
    const ports = (name: string) =>
      ((services[name].ports ?? []) as Array<string | { host_ip?: string; published?: number | string; target: number }>).map((p) => {
        if (typeof p !== 'string') return { target: Number(p.target), hostIp: p.host_ip ?? '' };
        const parts = p.replace(/\/\w+$/, '').split(':');
        return { target: Number(parts.at(-1)), hostIp: parts.length === 3 ? parts[0] : '' };
      });
    // anyone reaching Temporal lists every tenant's certificates and sends Updates with any actor
    for (const name of ['temporal-frontend', 'temporal-ui', 'temporal-history', 'temporal-matching', 'temporal-worker', 'postgres']) {
      for (const p of ports(name)) expect([name, p.target, p.hostIp]).toEqual([name, p.target, '127.0.0.1']);
    }
    expect(ports('temporal-frontend').map((p) => p.target)).toEqual([7233]);
    expect(ports('temporal-ui').map((p) => p.target)).toEqual([8080]);
    // the app's own port is the one open to the network
    expect(ports('api')).toEqual([{ target: 3000, hostIp: '' }]);
  });

  it('refuses to start without CA_KEY_SECRET (it wraps the company CA and seal keys)', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, SMTP_URL: 'smtp://user:pass@mail.example.com:587' };
    delete env.CA_KEY_SECRET;
    const check = spawnSync('docker-compose', ['config', '-q'], { cwd: root, env, encoding: 'utf8' });
    expect(check.status).not.toBe(0);
    expect(check.stderr).toMatch(/CA_KEY_SECRET/);
  });

  it('refuses to start without a real SMTP relay configured', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CA_KEY_SECRET: 'compose-test-ca-key-secret' };
    delete env.SMTP_URL;
    const check = spawnSync('docker-compose', ['config', '-q'], { cwd: root, env, encoding: 'utf8' });
    expect(check.status).not.toBe(0);
    expect(check.stderr).toMatch(/SMTP_URL/);
  });

  describe('matches what npm run stack:start runs (scripts/stack/topology.mjs)', () => {
    const { services } = composeConfig();
    const t = stackTopology();
    const version = (v: string) => v.replace(/^v/, '');

    it('one container per Temporal service, of the server version built from source, with the same environment and dynamic config', () => {
      for (const s of t.TEMPORAL_SERVICES as string[]) {
        const c = services[`temporal-${s}`];
        expect([s, c?.image]).toEqual([s, `temporalio/server:${version(t.TEMPORAL_SERVER_VERSION)}`]);
        const env = stringValues(c.environment);
        expect(env).toMatchObject({ ...t.TEMPORAL_SERVER_ENV, SERVICES: s });
        expect(env.PROMETHEUS_ENDPOINT).toMatch(/:\d+$/);
        // compose prints a bind mount as source:target:mode
        expect([s, c.volumes]).toEqual([s, [`${t.dynamicConfig}:${env.DYNAMIC_CONFIG_FILE_PATH}:ro`]]);
      }
    });

    it('the same schema steps, from the admin tools of the same server version', () => {
      const job = services['temporal-schema'];
      expect(job.image).toMatch(new RegExp(`^temporalio/admin-tools:${version(t.TEMPORAL_SERVER_VERSION)}-`));
      expect(sqlToolSteps(job.command.join(' '))).toEqual(t.schemaSteps);
      for (const s of t.TEMPORAL_SERVICES as string[])
        expect(services[`temporal-${s}`].depends_on).toMatchObject({ 'temporal-schema': { condition: 'service_completed_successfully' } });
    });

    it('the same namespace and search attributes (the domain list, as the dev server registers them)', () => {
      const command: string = services['temporal-setup'].command.join(' ');
      const [namespace, ...attributes] = t.setupCommands as string[][];
      expect(command).toContain(`temporal ${namespace.join(' ')}`);
      const loop = /for sa in ([^;]+);/.exec(command)?.[1] ?? '';
      const registered = Object.fromEntries(
        loop
          .trim()
          .split(/\s+/)
          .map((p) => p.split('=')),
      );
      expect(registered).toEqual(SEARCH_ATTRIBUTES);
      expect(attributes.map((a) => a.slice(a.indexOf('--name') + 1, a.indexOf('--name') + 2)[0]).sort()).toEqual(Object.keys(SEARCH_ATTRIBUTES).sort());
      expect(command).toContain(`temporal ${attributes[0].slice(0, attributes[0].indexOf('--name')).join(' ')} --name "$\${sa%%=*}" --type "$\${sa##*=}"`);
    });

    it('the Web UI server of the same version pointed at the frontend; Postgres of the tested major', () => {
      expect(services['temporal-ui'].image).toBe(`temporalio/ui:${version(t.TEMPORAL_UI_VERSION)}`);
      expect(services['temporal-ui'].environment).toMatchObject({ TEMPORAL_ADDRESS: 'temporal-frontend:7233', TEMPORAL_DEFAULT_NAMESPACE: t.NAMESPACE });
      expect(services.postgres.image).toMatch(new RegExp(`^postgres:${t.POSTGRES_MAJOR}[-.]`));
    });

    it('the API with API_PROCESSES and no in-process worker; as many worker replicas, serving metrics', () => {
      expect(stringValues(services.api.environment)).toMatchObject(t.APP_API_ENV);
      expect(services.worker.deploy.replicas).toBe(t.WORKER_PROCESSES);
      expect(services.worker.command).toEqual(['node', 'worker/dist/main.js']);
      expect(services.worker.environment.WORKER_METRICS_ADDRESS).toMatch(/:\d+$/);
      // the same Worker Deployment as the stack's workers, pinned and made current as they are
      expect(services.worker.environment).toMatchObject({ WORKER_DEPLOYMENT_NAME: t.WORKER_DEPLOYMENT, WORKER_PROMOTE: 'true' });
      for (const app of ['api', 'worker'])
        expect(services[app].environment).toMatchObject({ TEMPORAL_ADDRESS: 'temporal-frontend:7233', TEMPORAL_NAMESPACE: t.NAMESPACE });
    });
  });
});
