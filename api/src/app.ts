import express, { type Express, type Router } from 'express';
import cookieParser from 'cookie-parser';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiDeps } from './deps';
import { errorMiddleware } from './http/errors';
import { createHealthRouter } from './routes/health';
import { createDevMailRouter, devMailboxEnabled } from './dev/dev-mail';
import { FEATURE_ROUTERS } from './features';

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
  app.use(cookieParser());
  app.use(express.json({ limit: '2mb' }));
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });

  const api: Router = express.Router();
  api.use(createHealthRouter(deps));
  const devMail = devMailboxEnabled(deps.config) ? createDevMailRouter(deps) : undefined;
  if (devMail) api.use(devMail.api);
  for (const feature of FEATURE_ROUTERS) {
    const mounted = feature(deps);
    for (const [prefix, router] of Object.entries(mounted)) {
      if (prefix === 'api') api.use(router);
      else app.use(prefix, router);
    }
  }
  app.use('/api', api);
  if (devMail) app.use(devMail.page);
  app.use(['/api', '/openai', '/socket'], (_req, res) => res.status(404).json({ invalidMsg: 'Not found', code: 'NOT_FOUND' }));

  if (opts.uiDir && existsSync(path.join(opts.uiDir, 'index.html'))) {
    const uiDir = opts.uiDir;
    app.use(express.static(uiDir, { index: false, maxAge: '1h' }));
    app.get(/.*/, (_req, res) => res.sendFile(path.join(uiDir, 'index.html'), { maxAge: 0 }));
  }
  app.use(errorMiddleware);
  return app;
}
