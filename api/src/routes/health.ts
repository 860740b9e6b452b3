import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import { healthOf, type HealthReport } from '@grain/adapters';
import type { ApiDeps } from '../deps';
import { attachSession } from '../http/auth-middleware';

/** Absolute file paths, URLs and host:port pairs: where the parts live is for operators only. */
const INTERNAL = /(?:[a-z][a-z0-9+.-]*:\/\/\S+|(?:^|\s|\()(?:[A-Za-z]:)?[\\/][^\s,)]+|\b[\w.-]+:\d{2,5}\b)/gi;

/** What anyone may see of a component: its state and kind, its detail without paths or addresses, no error text. */
function publicReport(r: HealthReport): HealthReport {
  return { ok: r.ok, kind: r.kind, detail: r.detail.replace(INTERNAL, (m) => (/^[\s(]/.test(m) ? `${m[0]}…` : '…')) };
}

async function isAdmin(req: Request): Promise<boolean> {
  await attachSession(req);
  return req.actor?.role === 'admin';
}

const ADAPTER_PROBE_TTL_MS = 1000;

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
  // The adapters' probes (an SMTP handshake among them) answer every request for a second, and
  // requests during a probe share it: a monitor polling /api/health never queues work of its own.
  let lastProbe: { at: number; answer: Promise<Record<string, HealthReport>> } | undefined;
  const adapterProbe = () => {
    if (!lastProbe || Date.now() - lastProbe.at > ADAPTER_PROBE_TTL_MS) lastProbe = { at: Date.now(), answer: probeAdapters(deps) };
    return lastProbe.answer;
  };
  r.get('/health', async (req, res) => {
    const components: Record<string, HealthReport> = { ...(await adapterProbe()) };
    if (deps.health) Object.assign(components, await deps.health());
    const ok = Object.values(components).every((c) => c.ok);
    const full = await isAdmin(req);
    const shown = full ? components : Object.fromEntries(Object.entries(components).map(([n, c]) => [n, publicReport(c)]));
    res.status(ok ? 200 : 503).json({ ok, components: shown });
  });
  return r;
}
