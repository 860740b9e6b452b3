import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_ATTRIBUTES } from '@grain/domain';

const root = path.resolve(__dirname, '../..');

describe('docker-compose.yml', () => {
  it('is a valid compose file with the production services', () => {
    const env = { ...process.env, SMTP_URL: 'smtp://user:pass@mail.example.com:587' };
    const check = spawnSync('docker-compose', ['config', '-q'], { cwd: root, env, encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const services = spawnSync('docker-compose', ['config', '--services'], { cwd: root, env, encoding: 'utf8' });
    expect(services.stdout.split('\n').filter(Boolean).sort()).toEqual(['api', 'postgres', 'temporal', 'temporal-setup', 'temporal-ui', 'worker']);
  });

  it('refuses to start without a real SMTP relay configured', () => {
    const env = { ...process.env };
    delete env.SMTP_URL;
    const check = spawnSync('docker-compose', ['config', '-q'], { cwd: root, env, encoding: 'utf8' });
    expect(check.status).not.toBe(0);
    expect(check.stderr).toMatch(/SMTP_URL/);
  });

  it('registers the same search attributes as the dev server (the domain list)', () => {
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const line = /for sa in ([^;]+);/.exec(compose)?.[1] ?? '';
    const registered = Object.fromEntries(
      line
        .trim()
        .split(/\s+/)
        .map((p) => p.split('=')),
    );
    expect(registered).toEqual(SEARCH_ATTRIBUTES);
  });
});
