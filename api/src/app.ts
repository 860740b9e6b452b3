import express, { type Express, type RequestHandler, type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiDeps } from './deps';
import { errorMiddleware } from './http/errors';
import { createEdge } from './http/edge';
import { flattenRoutes } from './http/params';
import { createHealthRouter } from './routes/health';
import { createDevMailRouter, devMailboxEnabled } from './dev/dev-mail';
import { FEATURES } from './features';
import { apiPathKey } from './http/feature';
import { weakETag } from './http/etag';
import { answerJsonDirectly } from './http/json-answer';

/** A handler that is also read as a router: `stack` holds the routers it hands requests to. */
type Dispatcher = RequestHandler & { stack: Array<{ handle: Router }> };

/**
 * Hands a request under /api to the one feature whose API paths hold it (Feature.apiPaths), in one
 * step: the router of the path's key (apiPathKey) from a map. A feature's request passes through that
 * feature's routes only, and through no other feature's gate: each gate the request left (a router
 * exited with next('router')) cost Express's router a traversal and a setImmediate hop, five of them
 * before the certificate list (bench/RESULTS.md, the list's profile). Mounted on the app at /api itself
 * (no /api router around it: one router level fewer for every API request). A path no feature claims,
 * and one its feature does not answer, goes on to the app's next handlers: /api/health's and the dev
 * mailbox's (which answer only their own keys, OWN_API_KEYS, never a feature's), then the 404 answer.
 * The feature routers stay readable as a router's `stack`, where the route walks of the security
 * suites read them.
 */
function byApiPath(routers: ReadonlyMap<string, Router>): Dispatcher {
  const dispatch: RequestHandler = (req, res, next) => {
    const router = routers.get(apiPathKey(req.path));
    if (!router) return next();
    // a route's next('router') ends the feature's router with no error: on to the 404 answer as well
    router(req, res, (err?: unknown) => next(err === 'router' ? undefined : err));
  };
  return Object.assign(dispatch, { stack: [...new Set(routers.values())].map((handle) => ({ handle })) });
}

type TrustFn = (addr: string | undefined, hop: number) => boolean;

/**
 * Express's compiled 'trust proxy' test with its answers kept per address: it parsed the peer's address
 * (ipaddr.js) at every read of req.secure, req.protocol or req.ip, and the security headers read
 * req.secure on every request. The answer depends on the address and hop only; the addresses kept are
 * the peers' (few: the proxy's), and past 1,000 of them the memory starts again.
 */
function rememberedTrust(trust: TrustFn): TrustFn {
  const known = new Map<string, boolean>();
  return (addr, hop) => {
    if (addr === undefined) return trust(addr, hop);
    const key = hop === 0 ? addr : `${hop} ${addr}`;
    let v = known.get(key);
    if (v === undefined) {
      if (known.size >= 1_000) known.clear();
      known.set(key, (v = trust(addr, hop)));
    }
    return v;
  };
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
  app.set('trust proxy', rememberedTrust(app.get('trust proxy fn') as TrustFn));
  app.set('etag', weakETag);
  answerJsonDirectly(app);
  // Request id, security headers, input guards, cookies, a JSON body; and every call under /api and
  // /openai knows this app's session store and is refused when it comes cross-site and changes state,
  // before any feature's router runs (http/edge.ts).
  app.use(createEdge(deps));

  const claimed = new Map<string, Router>();
  for (const feature of FEATURES) {
    const mounted = feature.mount(deps);
    for (const [prefix, router] of Object.entries(mounted)) {
      if (prefix !== 'api') {
        app.use(prefix, router);
        continue;
      }
      flattenRoutes(router);
      for (const p of feature.apiPaths) {
        if (claimed.has(p) || OWN_API_KEYS.includes(p)) throw new Error(`two features claim the API path ${p}`);
        claimed.set(p, router);
      }
    }
  }
  app.use('/api', byApiPath(claimed));
  app.use('/api', createHealthRouter(deps));
  const devMail = devMailboxEnabled(deps.config) ? createDevMailRouter(deps) : undefined;
  if (devMail) app.use('/api', devMail.api);
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
