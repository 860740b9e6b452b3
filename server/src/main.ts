import { ConfigError, isLoopbackHost, loadConfig } from '@grain/adapters';
import { apiProcessCount, isClusterApiProcess, startApiCluster } from './cluster';
import { startServer } from './server';

function onStopSignal(stop: () => Promise<void>) {
  let stopping = false;
  const handler = (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${sig}: stopping`);
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

/** One of the API_PROCESSES processes: the server, its port told to the primary. */
async function clusterApiProcess() {
  try {
    const s = await startServer({ log: (m) => console.log(`[server ${process.pid}] ${m}`) });
    // The primary stops its processes with SIGTERM; a Ctrl-C in the terminal reaches the primary too.
    onStopSignal(() => s.stop());
    process.send?.({ port: s.port });
  } catch (e) {
    process.send?.({ failed: (e as Error).message });
    throw e;
  }
}

/** `node server/dist/main.js`: the whole application on one port (see README, Configuration). */
async function main() {
  if (isClusterApiProcess()) return clusterApiProcess();
  const processes = apiProcessCount(process.env);
  let url: string;
  let demoLogins: Array<{ email: string; password: string; role: string }> | null;
  const c = loadConfig(process.env);
  if (processes > 1) {
    const running = await startApiCluster(processes, process.env, (m) => console.log(`[server] ${m}`));
    url = c.publicUrl.replace(`:${c.port}`, `:${running.port}`);
    demoLogins = running.demoLogins;
    onStopSignal(() => running.stop());
  } else {
    const s = await startServer();
    url = s.url;
    demoLogins = s.demoLogins;
    onStopSignal(() => s.stop());
  }
  const lines = [
    `app            ${url}${processes > 1 ? ` (${processes} API processes)` : ''}`,
    `health         ${url}/api/health`,
    c.smtpUrl
      ? `mail           ${c.smtpUrl.replace(/\/\/[^@]*@/, '//***@')}`
      : isLoopbackHost(c.host)
        ? `dev mailbox    ${url}/dev/mailbox (sign in as an admin first)`
        : 'dev mailbox    off (HOST is not loopback; set SMTP_URL to send mail)',
    `Temporal       ${c.temporalAddress} (Web UI ${c.temporalUiUrl})`,
  ];
  if (demoLogins) {
    lines.push('demo logins (first run):');
    for (const l of demoLogins) lines.push(`  ${l.role.padEnd(8)} ${l.email} / ${l.password}`);
  }
  console.log(lines.join('\n'));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `Start-up failed: ${(e as Error).message}`);
  process.exit(1);
});
