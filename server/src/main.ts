import { ConfigError } from '@grain/adapters';
import { startServer } from './server';

/** `node server/dist/main.js`: the whole application on one port (see README, Configuration). */
async function main() {
  const s = await startServer();
  const c = s.config;
  const lines = [
    `app            ${s.url}`,
    `health         ${s.url}/api/health`,
    c.smtpUrl ? `mail           ${c.smtpUrl.replace(/\/\/[^@]*@/, '//***@')}` : `dev mailbox    ${s.url}/dev/mailbox`,
    `Temporal       ${c.temporalAddress} (Web UI ${c.temporalUiUrl})`,
  ];
  if (s.demoLogins) {
    lines.push('demo logins (first run):');
    for (const l of s.demoLogins) lines.push(`  ${l.role.padEnd(8)} ${l.email} / ${l.password}`);
  }
  console.log(lines.join('\n'));
  let stopping = false;
  const stop = (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${sig}: stopping`);
    s.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `Start-up failed: ${(e as Error).message}`);
  process.exit(1);
});
