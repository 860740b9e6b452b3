import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import { healthOf, probeInBackground, type HealthReport } from '@grain/adapters';
import type { ApiDeps } from '../deps';
import { isPlatformOperator } from '../http/operators';
import { isLoopbackHost } from '@grain/adapters';

/** Absolute file paths, URLs and host:port pairs: where the parts live is for operators only. */
const INTERNAL = /(?:[a-z][a-z0-9+.-]*:\/\/\S+|(?:^|\s|\()(?:[A-Za-z]:)?[\\/][^\s,)]+|\b[\w.-]+:\d{2,5}\b)/gi;

/** What anyone may see of a component: its state and kind, its detail without paths or addresses, no error text. */
function publicReport(r: HealthReport): HealthReport {
  return { ok: r.ok, kind: r.kind, detail: r.detail.replace(INTERNAL, (m) => (/^[\s(]/.test(m) ? `${m[0]}…` : '…')) };
}

/**
 * Who sees where the parts live: the platform's operators (PLATFORM_OPERATORS) and a request made on this
 * machine itself (loopback, nothing forwarded by a proxy: the operator's own probes). Not a company's
 * admin — anyone who registers is one (issue 26 item 10).
 */
async function seesDetails(deps: ApiDeps, req: Request): Promise<boolean> {
  const ip = (req.ip ?? '').replace(/^::ffff:/, '');
  return isLoopbackHost(ip) || (await isPlatformOperator(deps, req));
}

/** How long one probe of the adapters answers for, and the oldest answer served while the next runs. */
const ADAPTER_PROBE_FRESH_MS = 1000;
const ADAPTER_PROBE_MAX_AGE_MS = 5000;

async function probeAdapters(deps: ApiDeps): Promise<Record<string, HealthReport>> {
  const { adapters } = deps;
  const entries: Array<[string, Promise<HealthReport>]> = [
    ['mail', healthOf(adapters.mail)],
    ['ledger', healthOf(adapters.ledger)],
    ['pdf', healthOf(adapters.pdf)],
    ['storage', healthOf(adapters.storage)],
  ];
  for (const [name, a] of Object.entries(adapters)) {
    if (!entries.some(([n]) => n === name) && a && typeof (a as { ping?: unknown }).ping === 'function') {
      entries.push([name, healthOf(a as Parameters<typeof healthOf>[0])]);
    }
  }
  const components: Record<string, HealthReport> = {};
  for (const [name, p] of entries) components[name] = await p;
  return components;
}

/** GET /api/health: each component, whether it is embedded or real, and whether it answers. */
export function createHealthRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  // The adapters' probes (an SMTP handshake among them) run at most once a second, in the background
  // once there is an answer: a monitor polling /api/health never waits for them or queues work of its own.
  const adapterProbe = probeInBackground(ADAPTER_PROBE_FRESH_MS, ADAPTER_PROBE_MAX_AGE_MS, () => probeAdapters(deps));
  r.get('/health', async (req, res) => {
    const components: Record<string, HealthReport> = { ...(await adapterProbe()) };
    if (deps.health) Object.assign(components, await deps.health());
    const ok = Object.values(components).every((c) => c.ok);
    const full = await seesDetails(deps, req);
    const shown = full ? components : Object.fromEntries(Object.entries(components).map(([n, c]) => [n, publicReport(c)]));
    res.status(ok ? 200 : 503).json({ ok, components: shown });
  });
  return r;
}
