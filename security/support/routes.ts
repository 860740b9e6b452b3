/**
 * Every route the app serves, read from Express's own router stack, so a suite that walks "every
 * endpoint" cannot silently miss one added later: a route without a case fails the suite.
 */
import type { Express } from 'express';

export interface RouteInfo {
  method: string;
  /** Express path with its parameters, e.g. /api/company/approval/:id/sign */
  path: string;
}

interface LayerLike {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: string | string[];
}

function walk(stack: LayerLike[], prefix: string, out: RouteInfo[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const p of ([] as string[]).concat(layer.route.path)) {
        for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') out.push({ method: m.toUpperCase(), path: prefix + p });
      }
    } else if (layer.handle?.stack) {
      const raw = layer.rawPath;
      const mount = typeof raw === 'string' && raw !== '/' ? raw : '';
      walk(layer.handle.stack, prefix + mount, out);
    }
  }
}

/** Unique (method, path) pairs of the app, in mount order. */
export function appRoutes(app: Express): RouteInfo[] {
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  const out: RouteInfo[] = [];
  walk(router.stack, '', out);
  const seen = new Set<string>();
  return out.filter((r) => (seen.has(`${r.method} ${r.path}`) ? false : (seen.add(`${r.method} ${r.path}`), true)));
}

/** Whether a request may change state: any method but GET/HEAD/OPTIONS (no GET does: safe-gets.test.ts). */
export const isStateChanging = (r: RouteInfo) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
