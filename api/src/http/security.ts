import type { Request, RequestHandler } from 'express';
import { AppError } from '@grain/domain';
import type { ApiDeps } from '../deps';

/** Methods that change nothing: no route answers them with a change (security/safe-gets.test.ts). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CHECKED = Symbol('crossSiteChecked');

function hostOf(u: string | undefined): string | null {
  if (!u || u === 'null') return null;
  try {
    return new URL(u).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Why a request counts as same-site, or null when it does not. Browsers send Sec-Fetch-Site on every
 * request and Origin on every POST; a request carrying none of the three is refused, since only a
 * non-browser client would omit them and it can add Origin itself.
 */
function sameSiteEvidence(req: Request, trustedHosts: string[]): string | null {
  const fetchSite = req.header('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? `sec-fetch-site:${fetchSite}` : null;
  const hosts = new Set([...trustedHosts, (req.header('host') ?? '').toLowerCase()].filter(Boolean));
  const origin = req.header('origin');
  if (origin !== undefined) return hosts.has(hostOf(origin) ?? '') ? 'origin' : null;
  const referer = req.header('referer');
  if (referer !== undefined) return hosts.has(hostOf(referer) ?? '') ? 'referer' : null;
  return null;
}

/**
 * Refuses cross-site requests that change state (every method but GET/HEAD/OPTIONS: the spec's state
 * changes on GET, logout and the signing-code request, are POSTs here): 403 CROSS_SITE, logged in
 * auth_events. Run once, by the edge (edge.ts), in front of /api and /openai; a router that mounts it again to
 * be safe on its own pays nothing.
 */
export function createCrossSiteGuard(deps: Pick<ApiDeps, 'stores' | 'config'>): RequestHandler {
  const log = deps.stores.authLog;
  const trusted = [hostOf(deps.config.publicUrl)].filter((h): h is string => !!h);
  // Not an async function: a GET (or a same-site change) goes on at once, with no promise of its own
  // for the router to wait on; only a refusal waits, for its log line.
  return (req, _res, next) => {
    const r = req as Request & { [CHECKED]?: boolean };
    if (r[CHECKED]) return next();
    r[CHECKED] = true;
    if (SAFE_METHODS.has(req.method)) return next();
    if (sameSiteEvidence(req, trusted)) return next();
    void refused(req).then(next);
  };
  async function refused(req: Request): Promise<AppError> {
    await log
      .event({
        kind: 'cross_site',
        ip: req.ip,
        method: req.method,
        path: req.originalUrl,
        detail: { origin: req.header('origin') ?? null, referer: req.header('referer') ?? null, secFetchSite: req.header('sec-fetch-site') ?? null },
      })
      .catch(() => undefined);
    return new AppError('CROSS_SITE');
  }
}
