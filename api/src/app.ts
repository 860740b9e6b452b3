import express, { type Express, type RequestHandler, type Router } from 'express';
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
import { weakETag } from './http/etag';

/** A handler that is also read as a router: `stack` holds the routers it hands requests to. */
type Dispatcher = RequestHandler & { stack: Array<{ handle: Router }> };

/**
 * Hands a request under /api to the one feature whose API paths hold it (Feature.apiPaths), in one
 * step: the router of the path's key (apiPathKey) from a map. A feature's request passes through that
 * feature's routes only, and through no other feature's gate: each gate the request left (a router
 * exited with next('router')) cost Express's router a traversal and a setImmediate hop, five of them
 * before the certificate list (bench/RESULTS.md, the list's profile). A path no feature claims goes on
 * to the routes after this one; one its feature does not answer leaves the api router (the 404 answer
 * after it). The feature routers stay readable as a router's `stack`, where the route walks of the
 * security suites read them.
 */
function byApiPath(routers: ReadonlyMap<string, Router>): Dispatcher {
  const dispatch: RequestHandler = (req, res, next) => {
    const router = routers.get(apiPathKey(req.path));
    if (!router) return next();
    router(req, res, (err?: unknown) => next(err ?? 'router'));
  };
  return Object.assign(dispatch, { stack: [...new Set(routers.values())].map((handle) => ({ handle })) });
}

/** The keys of the paths app.ts routes itself, before the features' (/api/health, /api/dev/mail). */
const OWN_API_KEYS = ['health', 'dev'];

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
  app.set('etag', weakETag);
  app.use(requestId, securityHeaders, refuseUnreadableRequests);
  app.use(cookieParser());
  app.use(express.json({ limit: '2mb' }));
  app.use(refuseNulBytes);
  // Every call under /api and /openai knows this app's session store and is refused when it comes
  // cross-site and changes state, before any feature's router runs.
  app.use(['/api', '/openai'], bindAuth(deps.stores), createCrossSiteGuard(deps));

  const claimed = new Map<string, Router>();
  for (const feature of FEATURES) {
    const mounted = feature.mount(deps);
    for (const [prefix, router] of Object.entries(mounted)) {
      if (prefix !== 'api') {
        app.use(prefix, router);
        continue;
      }
      for (const p of feature.apiPaths) {
        if (claimed.has(p) || OWN_API_KEYS.includes(p)) throw new Error(`two features claim the API path ${p}`);
        claimed.set(p, router);
      }
    }
  }
  const api: Router = featureRouter();
  api.use(byApiPath(claimed));
  api.use(createHealthRouter(deps));
  const devMail = devMailboxEnabled(deps.config) ? createDevMailRouter(deps) : undefined;
  if (devMail) api.use(devMail.api);
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
