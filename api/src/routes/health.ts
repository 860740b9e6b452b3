import { Router } from 'express';
import { healthOf, type HealthReport } from '@grain/adapters';
import type { ApiDeps } from '../deps';

/** GET /api/health: each component, whether it is embedded or real, and whether it answers. */
export function createHealthRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
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
    if (deps.health) Object.assign(components, await deps.health());
    const ok = Object.values(components).every((c) => c.ok);
    res.status(ok ? 200 : 503).json({ ok, components });
  });
  return r;
}
