import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import cookieParser from 'cookie-parser';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiDeps } from './deps';
import { errorMiddleware } from './http/errors';
import { bindAuth } from './http/auth-middleware';
import { createCrossSiteGuard } from './http/security';
import { requestId } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import { refuseNulBytes, refuseUnreadableRequests } from './http/input-guards';
import { featureRouter } from './http/params';
import { createHealthRouter } from './routes/health';
import { createDevMailRouter, devMailboxEnabled } from './dev/dev-mail';
import { FEATURES } from './features';
import { apiPathKey } from './http/feature';

/**
 * Lets through only requests under the feature's API paths (Feature.apiPaths); any other leaves the
 * feature's router at once (next('router')), so a request does not pass through every feature's routes
 * on its way (the router traversal showed in the list's profile, bench/RESULTS.md "(e)"). The feature's
 * router stays in Express's own stack, where the route walks of the security suites read it.
 */
function onlyUnder(paths: readonly string[], router: Router): Router {
  const own = new Set(paths);
  const gated = featureRouter();
  gated.use((req: Request, _res: Response, next: NextFunction) => (own.has(apiPathKey(req.path)) ? next() : next('router')), router);
  return gated;
}

export interface CreateAppOptions {
  /** Directory of the built UI (ui/dist); served with an SPA fallback when present. */
  uiDir?: string;
}

/**
 * The HTTP surface: /api (the spec's calls), /openai (AI service paths), /dev (mailbox when the
 * embedded catcher is in use), and the built UI. Feature routers are listed in features.ts.
 */
export function createApp(deps: ApiDeps, opts: CreateAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestId, securityHeaders, refuseUnreadableRequests);
  app.use(cookieParser());
  app.use(express.json({ limit: '2mb' }));
  app.use(refuseNulBytes);
  // Every call under /api and /openai knows this app's session store and is refused when it comes
  // cross-site and changes state, before any feature's router runs.
  app.use(['/api', '/openai'], bindAuth(deps.stores), createCrossSiteGuard(deps));

  const api: Router = featureRouter();
  api.use(createHealthRouter(deps));
  const devMail = devMailboxEnabled(deps.config) ? createDevMailRouter(deps) : undefined;
  if (devMail) api.use(devMail.api);
  const claimed = new Set<string>();
  for (const feature of FEATURES) {
    const mounted = feature.mount(deps);
    for (const [prefix, router] of Object.entries(mounted)) {
      if (prefix !== 'api') {
        app.use(prefix, router);
        continue;
      }
      for (const p of feature.apiPaths) {
        if (claimed.has(p)) throw new Error(`two features claim the API path ${p}`);
        claimed.add(p);
      }
      api.use(onlyUnder(feature.apiPaths, router));
    }
  }
  app.use('/api', api);
  if (devMail) app.use(devMail.page);
  app.use(['/api', '/openai', '/socket'], (_req, res) => res.status(404).json({ invalidMsg: 'Not found', code: 'NOT_FOUND' }));

  if (opts.uiDir && existsSync(path.join(opts.uiDir, 'index.html'))) {
    const uiDir = opts.uiDir;
    // Source maps left in an old build directory are not published either.
    app.use((req, res, next) => (/\.map$/i.test(req.path) ? res.status(404).end() : next()));
    app.use(express.static(uiDir, { index: false, maxAge: '1h' }));
    app.get(/.*/, (_req, res) => res.sendFile(path.join(uiDir, 'index.html'), { maxAge: 0 }));
  }
  app.use(errorMiddleware);
  return app;
}
